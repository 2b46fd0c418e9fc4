import { Button, Dialog, DialogClose, TextField, useToast } from '@innerview/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenameChatSessionMutation } from '../chat-api.ts';
import { SESSION_TITLE_MAX, type TitleProblem, titleProblem } from './title-rules.ts';

type RenameDialogProps = {
  sessionId: string;
  currentTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Rename a chat: Enter saves, Escape (or Cancel) leaves the name as it was. The title must not be
 * blank and is at most 100 characters (the chat service's rule). A failed save keeps the dialog
 * open with the spec's toast, so the person can try again. Mounted while open, so it starts from
 * the current title each time.
 */
export function RenameDialog({ sessionId, currentTitle, open, onOpenChange }: RenameDialogProps) {
  const { t } = useTranslation('sidebar');
  const { toast } = useToast();
  const formId = useId();
  const [title, setTitle] = useState(currentTitle);
  const [problem, setProblem] = useState<TitleProblem | null>(null);
  const [rename, { isLoading }] = useRenameChatSessionMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = titleProblem(title);
    setProblem(found);
    if (found) return;
    const trimmed = title.trim();
    if (trimmed === currentTitle) return onOpenChange(false);
    try {
      await rename({ id: sessionId, title: trimmed }).unwrap();
      onOpenChange(false);
    } catch {
      toast({ title: t('rename.failed'), variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('rename.title')}
      closeLabel={t('close')}
      size="sm"
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">{t('rename.cancel')}</Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={isLoading}>
            {t('rename.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('rename.label')}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            if (problem) setProblem(null);
          }}
          error={problem ? t(`rename.${problem}`, { max: SESSION_TITLE_MAX }) : undefined}
          characterLimit={SESSION_TITLE_MAX}
          formatCounter={(count, max) => t('rename.counter', { count, max })}
          autoComplete="off"
        />
      </form>
    </Dialog>
  );
}
