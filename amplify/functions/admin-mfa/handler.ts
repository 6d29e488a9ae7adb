/**
 * Pre token generation trigger (event version 2, so it shapes the access token as well as the ID
 * token): membership of the admin group counts only for a user who has MFA set up. With MFA set up,
 * Cognito asks for the second factor at every password sign-in, so an admin token proves two factors.
 * Without it, the admin group is left out of `cognito:groups` in both tokens (other groups stay), and
 * the group IAM roles go with it.
 */
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { ADMIN_GROUP } from '@pickem/domain/groups';

/** The one call the trigger makes (AdminGetUser), so tests can answer it. */
export interface UserLookup {
  send(command: AdminGetUserCommand): Promise<{ UserMFASettingList?: string[] }>;
}

export async function honourAdminOnlyWithMfa(
  event: PreTokenGenerationV2TriggerEvent,
  cognito: UserLookup,
): Promise<PreTokenGenerationV2TriggerEvent> {
  const groups = event.request.groupConfiguration.groupsToOverride ?? [];
  if (!groups.includes(ADMIN_GROUP)) return event;

  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: event.userPoolId, Username: event.userName }));
  if ((user.UserMFASettingList ?? []).length > 0) return event;

  event.response = {
    claimsAndScopeOverrideDetails: {
      // Replaces the group configuration in both tokens. The admin group's role is the only group role,
      // so the roles are dropped; the identity pool then falls back to its authenticated role.
      groupOverrideDetails: { groupsToOverride: groups.filter((g) => g !== ADMIN_GROUP), iamRolesToOverride: [] },
    },
  };
  return event;
}

const cognito = new CognitoIdentityProviderClient({});

export const handler = (event: PreTokenGenerationV2TriggerEvent) => honourAdminOnlyWithMfa(event, cognito);
