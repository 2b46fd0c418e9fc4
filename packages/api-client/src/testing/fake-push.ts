/**
 * A browser with (or without) the Push API, for component tests in jsdom: a service worker
 * registration whose push manager subscribes (or fails), and a Notification permission the
 * prompt answers with `answer`. `restore()` takes it all away again.
 */
export function installFakePush(
  options: {
    permission?: NotificationPermission;
    answer?: NotificationPermission;
    subscribed?: boolean;
    subscribeFails?: boolean;
    supported?: boolean;
  } = {},
) {
  const g = globalThis as Record<string, unknown>;
  const before = {
    sw: Object.getOwnPropertyDescriptor(navigator, 'serviceWorker'),
    pm: g.PushManager,
    n: g.Notification,
  };
  const endpoint = 'https://push.example.ch/send/device-1';
  const subscription = {
    endpoint,
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    }),
    unsubscribe: async () => {
      current = null;
      return true;
    },
  };
  let current: typeof subscription | null = options.subscribed ? subscription : null;
  const prompts: string[] = [];
  const notification = {
    permission: options.permission ?? 'default',
    async requestPermission() {
      prompts.push('asked');
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    },
  };
  if (options.supported !== false) {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => ({
          pushManager: {
            getSubscription: async () => current,
            subscribe: async () => {
              if (options.subscribeFails) throw new DOMException('push service error', 'AbortError');
              current = subscription;
              return subscription;
            },
          },
        }),
      },
    });
    g.PushManager = function PushManager() {};
    g.Notification = notification;
  }
  return {
    prompts,
    subscribed: () => current !== null,
    restore() {
      if (before.sw) Object.defineProperty(navigator, 'serviceWorker', before.sw);
      else delete (navigator as unknown as Record<string, unknown>).serviceWorker;
      g.PushManager = before.pm;
      g.Notification = before.n;
      if (before.pm === undefined) delete g.PushManager;
      if (before.n === undefined) delete g.Notification;
    },
  };
}
