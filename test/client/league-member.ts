/**
 * One league member's app, run as a child process by league-client.test.ts: the real aws-amplify
 * client configured from amplify_outputs.json, the member's token given through Amplify's
 * token-provider hook, the typed documents of client/graphql. Arguments: the outputs file and the
 * token. One JSON command a line on stdin, one JSON report a line on stdout:
 *   { create: { name, seasonId } } → { league }     { join: code } → { league }
 *   { board: { leagueId, eventId } } → { board }     any failure → { errors }
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { decodeJWT } from 'aws-amplify/auth';
import { createLeague, joinLeague } from '@pickem/client/graphql/mutations';

const [outputsFile, token] = process.argv.slice(2);
const print = (report: object) => process.stdout.write(`${JSON.stringify(report)}\n`);

Amplify.configure(JSON.parse(readFileSync(outputsFile, 'utf8')), {
  Auth: { tokenProvider: { getTokens: async () => ({ accessToken: decodeJWT(token) }) } },
});
const client = generateClient();

// The live board of one event: a document of its own (the generated `league` leaves out the field with a required argument).
const BOARD = /* GraphQL */ `
  query Board($leagueId: ID!, $eventId: ID!) {
    league(leagueId: $leagueId) {
      id
      eventLeaderboard(eventId: $eventId) {
        userId
        points
        correct
        rank
      }
    }
  }
`;

createInterface({ input: process.stdin })
  .on('line', async (line) => {
    const command = JSON.parse(line) as {
      create?: { name: string; seasonId: string };
      join?: string;
      board?: { leagueId: string; eventId: string };
    };
    try {
      if (command.create)
        print({
          league: (await client.graphql({ query: createLeague, variables: { input: command.create } })).data
            .createLeague,
        });
      if (command.join)
        print({
          league: (await client.graphql({ query: joinLeague, variables: { code: command.join } })).data.joinLeague,
        });
      if (command.board) {
        const out = (await client.graphql({ query: BOARD, variables: command.board })) as {
          data: { league: { eventLeaderboard: unknown } };
        };
        print({ board: out.data.league.eventLeaderboard });
      }
    } catch (err) {
      print({ errors: (err as { errors?: unknown }).errors ?? String(err) });
    }
  })
  .on('close', () => process.exit(0));
