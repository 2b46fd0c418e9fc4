import { runMain, startService } from '@innerview/kit';
import { chatService, stopReplies } from './app.ts';

await runMain(async () => {
  const running = await startService(chatService);
  return {
    stop: async () => {
      await stopReplies(chatService.chatOf(running.ctx as never));
      await running.stop();
    },
  };
});
