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

export function startProduct(): Promise<Product> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'start-product.ts'), {
      env: { ...process.env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ask = <T>(question: Serializable, key: string) =>
      new Promise<T>((done) => {
        const onMessage = (message: unknown) => {
          const answer = (message as Record<string, unknown>)[key];
          if (answer === undefined) return;
          child.off('message', onMessage);
          done(answer as T);
        };
        child.on('message', onMessage);
        child.send(question);
      });
    const cpu = async () => {
      const usage = await ask<NodeJS.CpuUsage>('cpu', 'cpu');
      return usage.user + usage.system;
    };
    child.once('message', (message) =>
      resolve({ urls: (message as { urls: ProductUrls }).urls, cpu, ask, child }),
    );
    child.once('exit', (code) => reject(new Error(`the product exited with ${code}`)));
  });
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
      await fetch(`${urls.notifications}/dev/mail?to=${encodeURIComponent(email)}`)
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
