// The embedded product for the login benchmarks (run.ts, floor.ts): started in its own process
// (start-product.ts) so that the load generator and the bare hashes do not share its threads, and
// the one verified account the logins use.
import { type ChildProcess, fork, type Serializable } from 'node:child_process';
import path from 'node:path';
import type { ProductUrls } from './start-product.ts';

const here = import.meta.dirname;

export type Product = {
  urls: ProductUrls;
  cpu(): Promise<number>;
  /** Asks the product something over IPC and waits for the answer holding `key`. */
  ask<T>(message: Serializable, key: string): Promise<T>;
  child: ChildProcess;
};

/** Sends `message` to a child process and waits for its answer, the first message holding `key`. */
export function askChild<T>(child: ChildProcess, message: Serializable, key: string): Promise<T> {
  return new Promise<T>((done) => {
    const onMessage = (reply: unknown) => {
      const answer = (reply as Record<string, unknown>)[key];
      if (answer === undefined) return;
      child.off('message', onMessage);
      done(answer as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** Forks a bench script and waits for its first message (what it serves), or its early exit. */
export function forkReady<M>(script: string, name: string): Promise<{ child: ChildProcess; ready: M }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, script), {
      env: { ...process.env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (ready) => resolve({ child, ready: ready as M }));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

export async function startProduct(): Promise<Product> {
  const { child, ready } = await forkReady<{ urls: ProductUrls }>('start-product.ts', 'the product');
  const ask = <T>(message: Serializable, key: string) => askChild<T>(child, message, key);
  const cpu = async () => {
    const usage = await ask<NodeJS.CpuUsage>('cpu', 'cpu');
    return usage.user + usage.system;
  };
  return { urls: ready.urls, cpu, ask, child };
}

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Signs the bench user up and verifies the address with the link from the dev mailbox. */
export async function createVerifiedUser(urls: ProductUrls, email: string, password: string): Promise<void> {
  const signup = await post(`${urls.url}/api/v1/users/signup`, {
    first_name: 'Bench',
    last_name: 'Login',
    email,
    date_of_birth: '1990-01-01',
    password,
    confirm_password: password,
    terms_accepted: true,
    privacy_accepted: true,
    language: 'en',
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await (
      await fetch(`${urls.url}/dev/mail?to=${encodeURIComponent(email)}`)
    ).json()) as Array<{
      links: string[];
    }>;
    const link = mails.flatMap((mail) => mail.links).find((href) => href.includes('token='));
    if (link) {
      const token = new URL(link).searchParams.get('token');
      const verified = await post(`${urls.url}/api/v1/users/verify`, { token });
      if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
      return;
    }
    if (Date.now() > deadline) throw new Error('no verification mail arrived');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
