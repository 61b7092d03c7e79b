import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@saldopilot/shared';
import type { SessionService } from '../modules/auth/session.service.js';
import type { ProfileService } from '../modules/profile/profile.service.js';
import type { SessionCookies } from './session-cookies.js';

export type SignIn = (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<User>;

/**
 * Signs a user in on this browser (login, finished registration, accepted invitation): a sign-in this
 * browser still had ends, the new tokens are set as cookies, and the answer is the user.
 */
export function createSignIn(sessions: SessionService, cookies: SessionCookies, profile: ProfileService): SignIn {
  return async (request, reply, userId) => {
    const previous = cookies.refreshToken(request);
    if (previous) await sessions.end(previous);
    cookies.set(reply, await sessions.start(userId, request.headers['user-agent']));
    return profile.getUser(userId);
  };
}
