// Which tab plays the alarm sound: every console tab with sound enabled announces itself on a BroadcastChannel
// (hello, a heartbeat each second, bye on close); all of them elect the same leader — the longest-enabled tab still
// heard from — so exactly one tab sounds, and another takes over within a few seconds when the leader goes.
// The election is pure (tested); the channel wiring is below it.

export type SoundPeer = { id: string; since: number; lastSeen: number };
export type SoundMessage =
  | { type: 'hello' | 'heartbeat'; id: string; since: number }
  | { type: 'bye'; id: string }
  /** silence pressed in some tab: these alarms stop ringing in the leader too */
  | { type: 'silence'; keys: string[] };

export const HEARTBEAT_MS = 1000;
/** a peer not heard from for this long is gone (a crashed tab sends no bye) */
export const PEER_TIMEOUT_MS = 3500;

/** The peer table after a message (pure). */
export const peersAfter = (
  peers: ReadonlyMap<string, SoundPeer>,
  message: SoundMessage,
  now: number,
): Map<string, SoundPeer> => {
  const next = new Map(peers);
  if (message.type === 'bye') next.delete(message.id);
  else if (message.type === 'hello' || message.type === 'heartbeat')
    next.set(message.id, { id: message.id, since: message.since, lastSeen: now });
  return next;
};

/** The leader among this tab and the peers heard from recently: the earliest `since`, then the smallest id. */
export const electLeader = (
  self: { id: string; since: number },
  peers: ReadonlyMap<string, SoundPeer>,
  now: number,
  timeoutMs: number = PEER_TIMEOUT_MS,
): string => {
  let best = self;
  for (const peer of peers.values()) {
    if (peer.id === self.id || now - peer.lastSeen > timeoutMs) continue;
    if (peer.since < best.since || (peer.since === best.since && peer.id < best.id)) best = peer;
  }
  return best.id;
};

/** The minimal BroadcastChannel this needs (jsdom and old browsers may lack it: then every tab leads alone). */
type Channel = {
  postMessage(message: SoundMessage): void;
  onmessage: ((event: MessageEvent<SoundMessage>) => void) | null;
  close(): void;
};

export type SoundLeadership = {
  /** stop taking part (this tab closes or disables sound) */
  leave(): void;
  /** tell the other tabs these alarms were silenced */
  broadcastSilence(keys: string[]): void;
};

/** Takes part in the election; onLeader tells whether this tab leads now, onSilence relays another tab's silence. */
export const joinSoundElection = (
  onLeader: (leading: boolean) => void,
  onSilence: (keys: string[]) => void,
  name = 'waterops-alarm-sound',
): SoundLeadership => {
  const self = { id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`, since: Date.now() };
  const channel: Channel | null =
    typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(name) as unknown as Channel);
  let peers = new Map<string, SoundPeer>();
  let leading: boolean | null = null;
  const decide = () => {
    // a newcomer hears the others' answers to its hello before it may claim the lead (two tabs never ring at once)
    const now = Date.now() - self.since >= HEARTBEAT_MS && electLeader(self, peers, Date.now()) === self.id;
    if (now !== leading) {
      leading = now;
      onLeader(now);
    }
  };
  if (channel)
    channel.onmessage = (event) => {
      const message = event.data;
      if (message.type === 'silence') onSilence(message.keys);
      else {
        // a newcomer learns about us at once, not a heartbeat later
        if (message.type === 'hello') channel.postMessage({ type: 'heartbeat', ...self });
        peers = peersAfter(peers, message, Date.now());
      }
      decide();
    };
  channel?.postMessage({ type: 'hello', ...self });
  const beat = setInterval(() => {
    channel?.postMessage({ type: 'heartbeat', ...self });
    decide();
  }, HEARTBEAT_MS);
  const bye = () => channel?.postMessage({ type: 'bye', id: self.id });
  window.addEventListener('pagehide', bye);
  decide();
  return {
    leave: () => {
      clearInterval(beat);
      window.removeEventListener('pagehide', bye);
      bye();
      channel?.close();
    },
    broadcastSilence: (keys) => channel?.postMessage({ type: 'silence', keys }),
  };
};
