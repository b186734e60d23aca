-- Rate-limit counters shared by every process on this database (sign-in, code step, resend, registration and the
-- username check), so replicas count together and a restart forgets nothing. One fixed window per (scope, key):
-- `window_start` opens it, `expires_at` closes it, `count` is the hits inside it. Keys are SHA-256 digests of the
-- normalised client address, username or e-mail (db/src/queries/rate-limits.ts): no raw identifier is stored.
-- Rows whose window has closed are deleted by sweepExpiredRateLimits.
create table rate_limits (
  scope text not null,
  key text not null,
  window_start timestamptz not null,
  expires_at timestamptz not null,
  count integer not null,
  primary key (scope, key)
);
create index rate_limits_expires_idx on rate_limits (expires_at);
