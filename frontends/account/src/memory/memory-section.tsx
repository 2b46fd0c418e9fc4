import './memory.css';
import { Button, Checkbox, ConfirmDialog, RetryAlert, Spinner, useToast } from '@innerview/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSection } from '../account-section.tsx';
import {
  type MemoryItem,
  type MemoryKind,
  useAddMemoryItemMutation,
  useDeleteMemoryItemMutation,
  useEditMemoryItemMutation,
  useGetMemoryQuery,
  useSetMemoryEnabledMutation,
} from './memory-api.ts';
import { MemoryFields } from './memory-fields.tsx';
import { MemoryItemRow, textError } from './memory-item-row.tsx';

const statusOf = (error: unknown) => (error as { status?: unknown } | undefined)?.status;

/**
 * Settings → Memory (docs/product.md#memory): every item the coach keeps, with its kind and where
 * it came from; edit in place, delete after a confirmation, add one's own, and the switch that
 * turns memory off. Texts: the 'memory' namespace.
 */
export function MemorySection() {
  const { t } = useTranslation('memory');
  const { toast } = useToast();
  const memory = useGetMemoryQuery();
  const [addItem, adding] = useAddMemoryItemMutation();
  const [editItem] = useEditMemoryItemMutation();
  const [deleteItem] = useDeleteMemoryItemMutation();
  const [setEnabled, switching] = useSetMemoryEnabledMutation();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<MemoryKind>('other');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MemoryItem | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  // The deleted item's button is gone, so the closing dialog would leave focus on the page body:
  // once the dialog has left the page, focus goes to the list's heading instead.
  useEffect(() => {
    if (deleting || !deleted.current) return;
    deleted.current = false;
    let frame = 0;
    const settle = (tries: number) => {
      if (document.querySelector('[role="alertdialog"]') && tries > 0)
        frame = requestAnimationFrame(() => settle(tries - 1));
      else listHeading.current?.focus();
    };
    settle(60);
    return () => cancelAnimationFrame(frame);
  }, [deleting]);

  const failed = (result: { error?: unknown }) => {
    const limit = statusOf(result.error) === 409;
    toast({ title: t(limit ? 'form.limit' : 'failed'), variant: 'destructive' });
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const problem = textError(text, t);
    setError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    const result = await addItem({ text: text.trim(), kind });
    if ('error' in result && result.error) return failed(result);
    setText('');
    setKind('other');
    toast({ title: t('form.added'), variant: 'success' });
  };

  const save = async (item: MemoryItem, change: { text: string; kind: MemoryKind }) => {
    const result = await editItem({ id: item.id, ...change });
    if ('error' in result && result.error) {
      failed(result);
      return false;
    }
    toast({ title: t('edit.saved'), variant: 'success' });
    return true;
  };

  const remove = async () => {
    if (!deleting) return;
    const result = await deleteItem(deleting.id);
    if ('error' in result && result.error) {
      failed(result);
      throw new Error('memory item not deleted');
    }
    deleted.current = true;
    toast({ title: t('delete.done'), variant: 'success' });
  };

  const toggle = async (next: boolean) => {
    const result = await setEnabled(next);
    if ('error' in result && result.error) return failed(result);
    toast({ title: t(next ? 'switch.turnedOn' : 'switch.turnedOff'), variant: 'success' });
  };

  const body = () => {
    if (memory.isError)
      return (
        <RetryAlert
          title={t('loadError')}
          retryLabel={t('retry')}
          onRetry={() => void memory.refetch()}
          retrySize="sm"
        />
      );
    if (!memory.data) return <Spinner label={t('loading')} />;
    const { items, enabled } = memory.data;
    return (
      <>
        <div className="iv-memory-switch">
          <Checkbox
            label={t('switch.label')}
            hint={t(enabled ? 'switch.onHint' : 'switch.offHint')}
            checked={enabled}
            disabled={switching.isLoading}
            onCheckedChange={(next) => void toggle(next)}
          />
        </div>
        <h3 className="iv-memory-subheading" ref={listHeading} tabIndex={-1}>
          {t('list.heading', { count: items.length })}
        </h3>
        {items.length === 0 ? (
          <p className="iv-account-section__text">{t('list.empty')}</p>
        ) : (
          <ul className="iv-memory-list">
            {items.map((item) => (
              <MemoryItemRow
                key={item.id}
                item={item}
                onSave={(change) => save(item, change)}
                onDelete={() => setDeleting(item)}
              />
            ))}
          </ul>
        )}
        <form className="iv-memory-add" onSubmit={(event) => void add(event)} noValidate>
          <h3 className="iv-memory-subheading">{t('form.heading')}</h3>
          <MemoryFields
            fieldRef={field}
            text={text}
            onText={setText}
            kind={kind}
            onKind={setKind}
            error={error}
            labels={{ text: t('form.textLabel'), kind: t('form.kind'), hint: t('form.textHint') }}
          />
          <div className="iv-account-actions">
            <Button type="submit" loading={adding.isLoading}>
              {t('form.add')}
            </Button>
          </div>
        </form>
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('delete.title')}
          description={deleting?.text}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          destructive
          onConfirm={remove}
        />
      </>
    );
  };

  return (
    <div id="memory" className="iv-memory">
      <AccountSection heading={t('heading')} description={t('intro')} testId="settings-memory">
        {body()}
      </AccountSection>
    </div>
  );
}
