import type { RateLimitRule } from '../../lib/rate-limiter.js';
import { hashSecret } from '../../lib/secrets.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const INVITATION_LIMIT_MESSAGE =
  'Es wurden zu viele Einladungen verschickt. Bitte versuchen Sie es später erneut.';

// Generous enough for a person who mistypes, tight enough to make guessing and mail bombing useless.
// Per IP and per e-mail: a botnet spreads over IPs, a credential-stuffing run over e-mails.
export const authLimits = {
  // Wrong passwords lock out the client that guesses, not the account's owner elsewhere; the looser
  // per-e-mail total still caps guessing spread over many IPs. (The per-IP limit counts every try.)
  login: (ip: string, email: string): RateLimitRule[] => [
    { key: `login:ip:${ip}`, limit: 30, windowMs: 15 * MINUTE },
    // Hashed: the longest e-mail and an IPv6 address together would not fit the 300-character key.
    { key: `login:email-ip:${hashSecret(`${email} ${ip}`)}`, limit: 10, windowMs: 15 * MINUTE, failuresOnly: true },
    { key: `login:email:${email}`, limit: 100, windowMs: HOUR, failuresOnly: true },
  ],
  registration: (ip: string, email: string): RateLimitRule[] => [
    { key: `registration:ip:${ip}`, limit: 10, windowMs: HOUR },
    { key: `registration:email:${email}`, limit: 3, windowMs: HOUR },
  ],
  codeCheck: (ip: string, email: string): RateLimitRule[] => [
    { key: `code:ip:${ip}`, limit: 30, windowMs: 15 * MINUTE },
    { key: `code:email:${email}`, limit: 20, windowMs: 15 * MINUTE },
  ],
  // An invitation token names no e-mail before it is looked up, so only the IP can be counted.
  invitationToken: (ip: string): RateLimitRule[] => [{ key: `invitation:ip:${ip}`, limit: 30, windowMs: 15 * MINUTE }],
  // An invitation mail carries its sender's organisation and name to any address: per person (over
  // all their organisations) and per organisation (over all its admins); a resend is a mail too.
  invitationMails: (userId: number, organisationId: number): RateLimitRule[] =>
    [`user:${userId}`, `organisation:${organisationId}`].flatMap((sender) => [
      { key: `invitation-mail:${sender}:hour`, limit: 20, windowMs: HOUR, message: INVITATION_LIMIT_MESSAGE },
      { key: `invitation-mail:${sender}:day`, limit: 100, windowMs: DAY, message: INVITATION_LIMIT_MESSAGE },
    ]),
  // Guessing the current password from a hijacked session must be as slow as guessing a login.
  passwordChange: (userId: number): RateLimitRule[] => [
    { key: `password-change:user:${userId}`, limit: 10, windowMs: 15 * MINUTE },
  ],
  forgotPassword: (ip: string, email: string): RateLimitRule[] => [
    { key: `forgot:ip:${ip}`, limit: 10, windowMs: HOUR },
    { key: `forgot:email:${email}`, limit: 3, windowMs: HOUR },
  ],
};

/** A code allows this many wrong tries, then it is dead. */
export const MAX_CODE_ATTEMPTS = 5;
export const REGISTRATION_CODE_MS = 24 * HOUR;
export const RESET_CODE_MS = HOUR;
