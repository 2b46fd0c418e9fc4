/** Runtime configuration the shell's development server answers at /config.json. */
export function devRuntimeConfig(env: NodeJS.ProcessEnv) {
  return {
    apiBase: env.INNERVIEW_API_BASE ?? '/api/v1',
    remotes: {
      chat: env.INNERVIEW_CHAT_REMOTE ?? 'http://127.0.0.1:3001/mf-manifest.json',
      account: env.INNERVIEW_ACCOUNT_REMOTE ?? 'http://127.0.0.1:3002/mf-manifest.json',
    },
    mode: 'development',
  };
}
