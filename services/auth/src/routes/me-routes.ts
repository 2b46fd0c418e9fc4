import { CurrentUserResponse, OnboardingStatusResponse } from '@innerview/contracts/auth';
import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { currentUser, onboardingStatus, updateProfile } from '../actions/profile.ts';
import type { AuthContext } from '../auth-context.ts';
import { UpdateProfileRequest } from './schemas.ts';

export function meRoutes(auth: AuthContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/users/me',
      summary: 'The current user, with the nested user holding is_onboarding_completed',
      responses: { 200: { description: 'The current user', schema: CurrentUserResponse } },
      handler: ({ userId }) => currentUser(auth, userId),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/v1/users/me',
      summary: 'Change first and/or last name (2 to 255 characters); the e-mail address cannot be changed',
      body: UpdateProfileRequest,
      responses: { 200: { description: 'The updated user', schema: CurrentUserResponse } },
      handler: ({ body, userId }) => updateProfile(auth, userId, body),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/users/me/onboarding-status',
      summary: 'Whether the onboarding questionnaire was submitted',
      responses: { 200: { description: 'Onboarding status', schema: OnboardingStatusResponse } },
      handler: ({ userId }) => onboardingStatus(auth, userId),
    }),
  ];
}
