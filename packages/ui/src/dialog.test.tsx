import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Dialog, DialogClose } from './dialog.tsx';
import { TextField } from './text-field.tsx';

function RenameDialog() {
  return (
    <>
      <button type="button">Behind the dialog</button>
      <Dialog
        trigger={<Button>Rename chat</Button>}
        title="Rename chat"
        description="Give this conversation a name you will recognise."
        closeLabel="Fermer"
        footer={
          <>
            <DialogClose>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit">Save</Button>
          </>
        }
      >
        <TextField label="Chat name" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens named and described, traps focus, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    const trigger = screen.getByRole('button', { name: 'Rename chat' });
    await user.click(trigger);

    const dialog = screen.getByRole('dialog', { name: 'Rename chat' });
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Give this conversation a name you will recognise.',
    );
    expect(dialog.contains(document.activeElement)).toBe(true);

    // Tab around more times than there are controls: focus never leaves the dialog.
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with the × button named by the caller and with a DialogClose', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    await user.click(screen.getByRole('button', { name: 'Rename chat' }));
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rename chat' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('works controlled and without a description', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Questionnaire" closeLabel="Close">
        <p>Answers</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Questionnaire' });
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

function DeleteAccount({ onConfirm }: { onConfirm: () => unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="Your data is erased after 90 days."
        confirmLabel="Delete"
        cancelLabel="Keep my account"
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is an alert dialog that starts on Cancel, so Enter never confirms by accident', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteAccount onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));

    screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep my account' }));
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('waits for an async confirm, busy, then closes', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<DeleteAccount onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    finish();
    await screen.findByRole('button', { name: 'Delete account' });
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open when the confirm fails, so the user can retry or cancel', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    render(<DeleteAccount onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('aria-busy')).toBe(false),
    );
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});

describe('Dialog focus', () => {
  it('starts on the first field, not on the × button', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    await user.click(screen.getByRole('button', { name: 'Rename chat' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Chat name' }));
  });
});

/** A dialog opened by a button that is not its trigger, e.g. the drawer's opener in another part of the page. */
function OpenedElsewhere({ unmountOnClose = false }: { unmountOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog open={open} onOpenChange={setOpen} title="Your chats" closeLabel="Close">
      <Button>New chat</Button>
    </Dialog>
  );
  return (
    <>
      <button type="button">Before</button>
      <Button onClick={() => setOpen(true)}>Open your chats</Button>
      {unmountOnClose ? open && dialog : dialog}
    </>
  );
}

/** A menu item that puts focus back on its menu button before it opens a question (as menus do). */
function RemoveFromMenu() {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={menuButton}>
        Actions
      </button>
      <button
        type="button"
        onClick={() => {
          menuButton.current?.focus();
          setOpen(true);
        }}
      >
        Remove
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove this chat?"
        confirmLabel="Remove"
        cancelLabel="Cancel"
        onConfirm={() => undefined}
      />
    </>
  );
}

describe('focus return without a trigger', () => {
  it('a Dialog gives focus back to the element that opened it (Escape, the ×)', async () => {
    const user = userEvent.setup();
    render(<OpenedElsewhere />);
    const opener = screen.getByRole('button', { name: 'Open your chats' });
    await user.click(opener);
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a Dialog the caller unmounts on close gives focus back too', async () => {
    const user = userEvent.setup();
    render(<OpenedElsewhere unmountOnClose />);
    const opener = screen.getByRole('button', { name: 'Open your chats' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a ConfirmDialog gives focus back to what had it when the question opened', async () => {
    const user = userEvent.setup();
    render(<DeleteAccount onConfirm={() => undefined} />);
    const opener = screen.getByRole('button', { name: 'Delete account' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));

    // Confirmed, too.
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a question opened from a menu item goes back to the menu button', async () => {
    const user = userEvent.setup();
    render(<RemoveFromMenu />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions' })),
    );
  });
});
