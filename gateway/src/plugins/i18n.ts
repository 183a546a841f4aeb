// Gives each request its language, from Accept-Language (zh-CN by default, en), and `request.t()`, so every
// message a client sees comes from the shared catalogue in its language.
import { type Locale, localeFromHeader, type MessageKey, translate } from '@waterops/shared/i18n';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    readonly locale: Locale;
    /** the message in the request's language, `{{name}}` placeholders filled from params */
    t(key: MessageKey, params?: Record<string, string | number>): string;
  }
}

const i18nPlugin: FastifyPluginAsync = async (fastify) => {
  // A getter rather than an onRequest hook: errors raised before any hook runs (a malformed URL, a body parser
  // failure) are still answered in the caller's language.
  fastify.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      return localeFromHeader(this.headers['accept-language']);
    },
  });
  fastify.decorateRequest(
    't',
    function (this: FastifyRequest, key: MessageKey, params?: Record<string, string | number>): string {
      return translate(key, this.locale, params);
    },
  );
};

export const i18n = fp(i18nPlugin, { name: 'waterops-i18n' });
