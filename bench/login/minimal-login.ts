// A minimal login, for `npm run bench:login-floor` (floor.ts): node:http, the same two
// statements on PGlite in this process (the account read, the session insert), the argon2id
// verification on the libuv pool, an Ed25519-signed token. No Express, gateway, validation, logging
// or metrics, and the statements are not even prepared as the product's are: what is left is close
// to the floor under any login built on these parts. Runs in its own process so that its threads
// can be measured alone; talks to floor.ts over IPC.
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { verify } from '@node-rs/argon2';

const dataDir = await mkdtemp(path.join(tmpdir(), 'innerview-bench-minimal-login-'));
const db = new PGlite(dataDir);
// The columns and indexes of the auth service's users and sessions that a login touches.
await db.exec(`
  create table users (
    id uuid primary key, email text not null unique, password_hash text not null,
    is_verified boolean not null default true, failed_login_attempts integer not null default 0,
    locked_until timestamptz, deleted_at timestamptz);
  create table sessions (
    id uuid primary key, user_id uuid not null references users(id) on delete cascade,
    remember_me boolean not null, created_at timestamptz not null, expires_at timestamptz not null,
    revoked_at timestamptz);
  create index sessions_user_idx on sessions (user_id);
  create index sessions_expires_idx on sessions (expires_at);`);
const userId = randomUUID();
const { privateKey } = generateKeyPairSync('ed25519');
const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url');

type Account = { id: string; password_hash: string };

async function logIn(form: URLSearchParams): Promise<string | null> {
  const { rows } = await db.query<Account>(
    'select id, password_hash, is_verified, failed_login_attempts, locked_until from users where email = $1 and deleted_at is null limit 1',
    [form.get('username') ?? ''],
  );
  const account = rows[0];
  if (!account || !(await verify(account.password_hash, form.get('password') ?? ''))) return null;
  const sessionId = randomUUID();
  const now = new Date();
  await db.query(
    'insert into sessions (id, user_id, remember_me, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [sessionId, account.id, false, now, new Date(now.getTime() + 86_400_000)],
  );
  const seconds = Math.floor(now.getTime() / 1000);
  const payload = Buffer.from(
    JSON.stringify({ sid: sessionId, sub: account.id, iat: seconds, exp: seconds + 86_400 }),
  ).toString('base64url');
  const signature = sign(null, Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
  return JSON.stringify({ access_token: `${header}.${payload}.${signature}`, token_type: 'bearer' });
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    logIn(new URLSearchParams(Buffer.concat(chunks).toString())).then(
      (body) => {
        res.writeHead(body ? 200 : 401, { 'content-type': 'application/json' });
        res.end(body ?? '{}');
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

// { account: { email, passwordHash } } creates or replaces the one account; 'stop' ends the process.
process.on('message', (message: unknown) => {
  if (message === 'stop') {
    server.close();
    void db
      .close()
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .then(() => process.exit(0));
    return;
  }
  const account = (message as { account?: { email: string; passwordHash: string } }).account;
  if (!account) return;
  void db
    .query(
      'insert into users (id, email, password_hash) values ($1, $2, $3) on conflict (id) do update set email = $2, password_hash = $3',
      [userId, account.email, account.passwordHash],
    )
    .then(() => process.send?.({ accountSet: true }));
});
process.on('disconnect', () => process.exit(0));
process.send?.({ url });
