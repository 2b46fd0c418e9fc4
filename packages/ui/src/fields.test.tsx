import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Checkbox } from './checkbox.tsx';
import { PasswordField } from './password-field.tsx';
import { Select } from './select.tsx';
import { TextField } from './text-field.tsx';

/** A text field whose value its parent holds, recording each change it is told of. */
function Controlled({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('hello');
  return (
    <TextField
      label="Title"
      characterLimit={10}
      value={value}
      onChange={(event) => {
        seen.push(event.target.value);
        setValue(event.target.value);
      }}
    />
  );
}

/** The elements an input's aria-describedby points at, as text. */
function description(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('TextField', () => {
  it('names the input by its label and ties hint and error to it', () => {
    render(<TextField label="Email" hint="We never share it." error="Enter a valid email address." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toEqual(['We never share it.', 'Enter a valid email address.']);
  });

  it('is not marked invalid without an error, and keeps the caller ids first', () => {
    render(
      <>
        <p id="extra">Extra</p>
        <TextField label="First name" aria-describedby="extra" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(description(input)).toEqual(['Extra']);
  });

  it('counts characters in a textarea and warns near the limit, then over it', async () => {
    const user = userEvent.setup();
    render(
      <TextField
        multiline
        label="Your answer"
        characterLimit={20}
        warnAt={15}
        formatCounter={(count, limit) => `${count} von ${limit}`}
        counterWarningText="Fast am Limit"
      />,
    );
    const answer = screen.getByRole('textbox', { name: 'Your answer' });
    expect(answer.tagName).toBe('TEXTAREA');
    expect(description(answer)).toEqual(['0 von 20']);
    const counter = document.getElementById(answer.getAttribute('aria-describedby') ?? '')?.parentElement;
    expect(counter?.getAttribute('data-state')).toBe('normal');
    expect(screen.queryByText('Fast am Limit')).toBeNull();

    await user.type(answer, 'a'.repeat(15));
    expect(description(answer)).toEqual(['15 von 20']);
    expect(counter?.getAttribute('data-state')).toBe('warning');
    expect(screen.getByText('Fast am Limit').getAttribute('aria-live')).toBe('polite');

    await user.type(answer, 'b'.repeat(6));
    expect(description(answer)).toEqual(['21 von 20']);
    expect(counter?.getAttribute('data-state')).toBe('over');
    // Typing past the limit is allowed: the caller shows the error.
    expect((answer as HTMLTextAreaElement).value).toHaveLength(21);
  });

  it('counts a controlled value and passes changes on', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Controlled seen={seen} />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(description(input)).toEqual(['5 / 10']);
    await user.type(input, '!!!!');
    expect(description(input)).toEqual(['9 / 10']);
    expect(seen.at(-1)).toBe('hello!!!!');
    expect(input.closest('.iv-field')?.querySelector('.iv-counter')?.getAttribute('data-state')).toBe(
      'warning',
    );
  });
});

describe('PasswordField', () => {
  it('shows and hides the password with a toggle named by the caller', async () => {
    const user = userEvent.setup();
    render(
      <PasswordField
        label="Password"
        showLabel="Passwort anzeigen"
        hideLabel="Passwort verbergen"
        error="Password is required"
        autoComplete="current-password"
      />,
    );
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    expect(description(input)).toEqual(['Password is required']);

    await user.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(input.getAttribute('type')).toBe('text');
    const toggle = screen.getByRole('button', { name: 'Passwort verbergen' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    await user.click(toggle);
    expect(input.getAttribute('type')).toBe('password');
  });
});

describe('Checkbox', () => {
  it('is named by its label, toggles by keyboard and ties its error', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(
      <Checkbox
        label="I agree to the General Terms and Conditions"
        error="You must agree to the General Terms and Conditions"
        onCheckedChange={onCheckedChange}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree to the General Terms and Conditions' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(description(box)).toEqual(['You must agree to the General Terms and Conditions']);

    await user.tab();
    expect(document.activeElement).toBe(box);
    await user.keyboard(' ');
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByText('I agree to the General Terms and Conditions'));
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);

    box.focus();
    await user.keyboard('{Enter}');
    expect(box.getAttribute('aria-checked')).toBe('false');
  });

  it('in a form: submits its value under its name when checked, is required, resets, reports changes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <form aria-label="Sign in" onChange={onChange}>
        <Checkbox name="remember_me" label="Remember me" required />
        <button type="reset">Reset</button>
      </form>,
    );
    const form = screen.getByRole('form', { name: 'Sign in' }) as HTMLFormElement;
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(new FormData(form).get('remember_me')).toBeNull();
    expect(form.checkValidity()).toBe(false);
    expect(box.getAttribute('aria-required')).toBe('true');

    await user.click(box);
    expect(new FormData(form).get('remember_me')).toBe('on');
    expect(form.checkValidity()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box.getAttribute('aria-checked')).toBe('false');
    expect(new FormData(form).get('remember_me')).toBeNull();
  });
});

describe('asChild', () => {
  it('renders the child with the button look, both click handlers and both refs', async () => {
    const user = userEvent.setup();
    const onSlotClick = vi.fn();
    const onChildClick = vi.fn();
    let slotRef: HTMLElement | null = null;
    let childRef: HTMLElement | null = null;
    render(
      <Button
        asChild
        variant="secondary"
        onMouseDown={onSlotClick}
        ref={(node) => {
          slotRef = node;
        }}
      >
        <a
          href="#pricing"
          className="own"
          onMouseDown={onChildClick}
          ref={(node) => {
            childRef = node;
          }}
        >
          See the plans
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'See the plans' });
    expect(link.className.split(' ')).toEqual(
      expect.arrayContaining(['iv-button', 'iv-button--secondary', 'own']),
    );
    await user.click(link);
    expect(onChildClick).toHaveBeenCalledTimes(1);
    expect(onSlotClick).toHaveBeenCalledTimes(1);
    expect(slotRef).toBe(link);
    expect(childRef).toBe(link);
  });
});

describe('Select', () => {
  it('is a labelled native select with its error tied', async () => {
    const user = userEvent.setup();
    render(
      <Select
        label="Language"
        error="Pick a language"
        defaultValue="en"
        options={[
          { value: 'en', label: 'English' },
          { value: 'fr', label: 'Français' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(description(select)).toEqual(['Pick a language']);
    await user.selectOptions(select, 'fr');
    expect(select.value).toBe('fr');
  });
});

describe('Button', () => {
  it('says it is busy while loading and ignores clicks, keeping focus', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        Sign in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);

    rerender(<Button onClick={onClick}>Sign in</Button>);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not submit its form while loading', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading>
          Save
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
