/**
 * The limits of the local Realtime server, from the environment (or the backend's options), with
 * defaults like a hosted project's: 100 channels per socket (hosted `max_channels_per_client`),
 * 20 sockets per user, and a socket whose unsent data passes 16 MiB is closed (hosted kills a
 * socket's process when its memory passes its limit).
 */
export interface RealtimeLimits {
  /** Channels one socket may have joined at once; more joins are refused. */
  maxChannelsPerSocket: number;
  /** Sockets with a channel joined as one user at once; a join from one more is refused. */
  maxSocketsPerUser: number;
  /** Unsent bytes a socket may hold; a socket that does not read is closed past it. */
  maxBufferedBytes: number;
  /** Milliseconds between re-checks of joined channels (user banned, private channel allowed). */
  recheckMs: number;
  /** Frames of one socket waiting to be handled before the socket is no longer read from. */
  maxPendingFrames: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  maxChannelsPerSocket: 100,
  maxSocketsPerUser: 20,
  maxBufferedBytes: 16 * 1024 * 1024,
  recheckMs: 1000,
  maxPendingFrames: 100,
};

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function limitsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<RealtimeLimits> = {},
): RealtimeLimits {
  return {
    maxChannelsPerSocket: positive(env.REALTIME_MAX_CHANNELS_PER_CLIENT, DEFAULT_LIMITS.maxChannelsPerSocket),
    maxSocketsPerUser: positive(env.REALTIME_MAX_SOCKETS_PER_USER, DEFAULT_LIMITS.maxSocketsPerUser),
    maxBufferedBytes: positive(env.REALTIME_MAX_BUFFERED_BYTES, DEFAULT_LIMITS.maxBufferedBytes),
    recheckMs: positive(env.REALTIME_RECHECK_MS, DEFAULT_LIMITS.recheckMs),
    maxPendingFrames: DEFAULT_LIMITS.maxPendingFrames,
    ...overrides,
  };
}
