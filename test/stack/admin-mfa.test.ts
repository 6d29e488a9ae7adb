/** The pre token generation trigger: the admin group counts only for users with MFA set up. */
import type { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { honourAdminOnlyWithMfa, type UserLookup } from '../../amplify/functions/admin-mfa/handler.ts';
import { adminGroup } from '../../amplify/auth/resource.ts';

function event(groups: string[], roles: string[] = []): PreTokenGenerationV2TriggerEvent {
  return {
    version: '2',
    triggerSource: 'TokenGeneration_Authentication',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: 'user-sub',
    callerContext: { awsSdkVersion: 'x', clientId: 'client' },
    request: {
      userAttributes: { sub: 'user-sub' },
      groupConfiguration: { groupsToOverride: groups, iamRolesToOverride: roles },
      scopes: [],
    },
    response: { claimsAndScopeOverrideDetails: null as never },
  };
}

/** A fake Cognito that answers AdminGetUser with the given MFA settings and records the requests. */
function cognito(mfa: string[] | undefined) {
  const requests: AdminGetUserCommand['input'][] = [];
  const client: UserLookup = {
    send: async (command) => {
      requests.push(command.input);
      return { UserMFASettingList: mfa };
    },
  };
  return { client, requests };
}

describe('admin group only with MFA', () => {
  it('leaves a player without the admin group alone, without asking Cognito', async () => {
    const { client, requests } = cognito(undefined);
    const result = await honourAdminOnlyWithMfa(event(['league-a']), client);
    expect(result.response.claimsAndScopeOverrideDetails).toBeNull();
    expect(requests).toEqual([]);
  });

  it('keeps the admin group for an admin with TOTP set up', async () => {
    const { client, requests } = cognito(['SOFTWARE_TOKEN_MFA']);
    const result = await honourAdminOnlyWithMfa(event([adminGroup], ['arn:aws:iam::1:role/admin']), client);
    expect(result.response.claimsAndScopeOverrideDetails).toBeNull();
    expect(requests).toEqual([{ UserPoolId: 'eu-west-1_pool', Username: 'user-sub' }]);
  });

  it.each([
    ['no MFA settings', undefined],
    ['an empty MFA list', []],
  ])('drops the admin group and group roles for an admin with %s', async (_, mfa) => {
    const { client } = cognito(mfa as string[] | undefined);
    const result = await honourAdminOnlyWithMfa(event(['league-a', adminGroup], ['arn:aws:iam::1:role/admin']), client);
    expect(result.response.claimsAndScopeOverrideDetails).toEqual({
      groupOverrideDetails: { groupsToOverride: ['league-a'], iamRolesToOverride: [] },
    });
  });

  it('fails the sign-in (Cognito refuses the tokens) when the MFA settings cannot be read', async () => {
    const failing: UserLookup = { send: async () => Promise.reject(new Error('AccessDenied')) };
    await expect(honourAdminOnlyWithMfa(event([adminGroup]), failing)).rejects.toThrow('AccessDenied');
  });
});
