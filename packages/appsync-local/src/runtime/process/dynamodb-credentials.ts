/**
 * The one credential every in-repo client uses for DynamoDB Local. Run without -sharedDb, DynamoDB
 * Local keeps a separate database per access key and region, so a random access key kept in .local/
 * (mode 0600) makes reaching its port useless without that file: other keys see an empty database.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCAL_REGION = 'us-east-1';

/** Where the credential is kept in the project's state folder. */
export function credentialsFile(stateDir: string): string {
  return path.join(stateDir, 'dynamodb-credentials.json');
}

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const cached = new Map<string, LocalCredentials>();

/**
 * Reads the credential kept in `stateDir`, creating it on first use (safe when several processes race
 * to create it).
 */
export function localDynamoDbCredentials(stateDir: string): LocalCredentials {
  const file = credentialsFile(path.resolve(stateDir));
  let credentials = cached.get(file);
  if (!credentials) {
    credentials = readOrCreate(file);
    cached.set(file, credentials);
  }
  return credentials;
}

/** What an AWS SDK in this process (the in-process Lambda) needs to reach DynamoDB Local at `endpoint`. */
export function localDynamoDbEnvironment(endpoint: string, stateDir: string): Record<string, string> {
  const { accessKeyId, secretAccessKey } = localDynamoDbCredentials(stateDir);
  return {
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
  };
}

function parse(file: string): LocalCredentials {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalCredentials>;
  if (
    typeof value.accessKeyId !== 'string' ||
    !/^[A-Za-z0-9]+$/.test(value.accessKeyId) ||
    typeof value.secretAccessKey !== 'string'
  ) {
    throw new Error(
      `${file}: not a DynamoDB Local credential; delete it to make a new one (the data of the old one is then out of reach)`,
    );
  }
  return { accessKeyId: value.accessKeyId, secretAccessKey: value.secretAccessKey };
}

function readOrCreate(file: string): LocalCredentials {
  try {
    return parse(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // Letters and digits only: DynamoDB Local names the database file after the access key.
  const created = {
    accessKeyId: `LOCAL${randomBytes(20).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(20).toString('hex'),
  };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  try {
    // A hard link appears complete or not at all, and fails if another process made the file first.
    linkSync(tmp, file);
    return created;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return parse(file);
  } finally {
    rmSync(tmp, { force: true });
  }
}
