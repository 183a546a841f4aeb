// How the gateway sends an SMS: the SmsSender interface, and the one place that picks its implementation (a plugin
// decorating `app.sms`). Today the only implementation is the built-in outbox, which stores each message for the
// administrator's SMS outbox page instead of delivering it; a real provider is added here behind the same interface.
import type { SmsPurpose } from '@waterops/shared/registration';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/tables.ts';
import { insertOutboxMessage } from './smsOutboxRepository.ts';

export interface SmsSender {
  /** for the log: 'outbox', or a provider's name */
  readonly name: string;
  /** Sends one text to a mobile on behalf of a company; rejects when it could not be handed over. */
  send(mobile: string, text: string, companyId: number, purpose: SmsPurpose): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the configured SMS sender (see smsSender.ts) */
    sms: SmsSender;
  }
}

/** The built-in sender: writes the message to the company's sms_outbox, where the SMS outbox page shows it. */
export const outboxSmsSender = (db: Kysely<DB>, now: () => Date): SmsSender => ({
  name: 'outbox',
  send: (mobile, text, companyId, purpose) => insertOutboxMessage(db, { companyId, mobile, text, purpose, at: now() }),
});

export type SmsSenderOptions = { config: Config; now: () => Date };

const smsSenderPlugin: FastifyPluginAsync<SmsSenderOptions> = async (app, { now }) => {
  // The one choice of implementation. A provider would be chosen here from config (e.g. SMS_PROVIDER=…), keeping
  // the outbox as the default so a demo or test needs no account anywhere.
  app.decorate('sms', outboxSmsSender(app.db, now));
};

export const smsSender = fp(smsSenderPlugin, { name: 'waterops-sms' });
