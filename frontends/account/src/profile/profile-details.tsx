import {
  type ApiError,
  type CurrentUserResponse,
  loggedIn,
  selectSessionUser,
  useAppDispatch,
  useAppSelector,
} from '@innerview/api-client';
import { Button, TextField, useToast } from '@innerview/ui';
import { type FormEvent, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfileMutation } from '../account-api.ts';
import { AccountSection } from '../account-section.tsx';

/** docs/product.md#sign-up-form: names have 2 to 255 characters (after trimming, as the server counts). */
export function isValidName(value: string): boolean {
  const length = value.trim().length;
  return length >= 2 && length <= 255;
}

type Names = { first_name: string; last_name: string };

/**
 * docs/product.md#profile "Profile: details (first name, last name, email)", names editable. A failed save says
 * 'Failed to update profile. Please try again.' (docs/product.md#password-and-account-errors); rule breaks are shown at the field.
 */
export function ProfileDetails({ me }: { me: CurrentUserResponse }) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back from the form, focus returns to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <AccountSection heading={t('profile.details.heading')} testId="profile-details">
      {editing ? (
        <NamesForm me={me} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="iv-account-details">
            <div>
              <dt>{t('profile.details.firstName')}</dt>
              <dd>{me.first_name}</dd>
            </div>
            <div>
              <dt>{t('profile.details.lastName')}</dt>
              <dd>{me.last_name}</dd>
            </div>
            <div>
              <dt>{t('profile.details.email')}</dt>
              <dd className="iv-account-details__email">{me.email}</dd>
            </div>
          </dl>
          <div className="iv-account-actions">
            <Button ref={editButton} variant="secondary" onClick={() => setEditing(true)}>
              {t('profile.details.edit')}
            </Button>
          </div>
        </>
      )}
    </AccountSection>
  );
}

function NamesForm({ me, onDone }: { me: CurrentUserResponse; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { toast } = useToast();
  const dispatch = useAppDispatch();
  const sessionUser = useAppSelector(selectSessionUser);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [names, setNames] = useState<Names>({
    first_name: me.first_name ?? '',
    last_name: me.last_name ?? '',
  });
  const [invalid, setInvalid] = useState<Partial<Record<keyof Names, boolean>>>({});
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      first_name: !isValidName(names.first_name),
      last_name: !isValidName(names.last_name),
    };
    setInvalid(problems);
    if (problems.first_name || problems.last_name) return;
    const result = await updateProfile({
      first_name: names.first_name.trim(),
      last_name: names.last_name.trim(),
    });
    if ('error' in result && result.error) {
      const error = result.error as ApiError;
      // A rule the server refused although the form allowed it: mark the fields it names.
      if (error.status === 422 && Array.isArray(error.details)) {
        const fields = error.details.map((d: { loc?: unknown[] }) => d.loc?.at(-1));
        setInvalid({ first_name: fields.includes('first_name'), last_name: fields.includes('last_name') });
      }
      toast({ title: t('profile.details.failed'), variant: 'destructive' });
      return;
    }
    // The greeting and everything else that shows the name read the session's user.
    if (sessionUser) dispatch(loggedIn({ user: { ...sessionUser, ...result.data } }));
    toast({ title: t('profile.details.saved'), variant: 'success' });
    onDone();
  };

  const field = (name: keyof Names, label: string, ref?: Ref<HTMLInputElement>) => (
    <TextField
      ref={ref}
      label={label}
      name={name}
      autoComplete={name === 'first_name' ? 'given-name' : 'family-name'}
      value={names[name]}
      onChange={(event) => setNames((current) => ({ ...current, [name]: event.target.value }))}
      hint={invalid[name] ? undefined : t('profile.details.nameRule')}
      error={invalid[name] ? t('profile.details.nameRule') : undefined}
      required
    />
  );

  return (
    <form className="iv-account-form" onSubmit={onSubmit} noValidate>
      <div className="iv-account-form__row">
        {field('first_name', t('profile.details.firstName'), firstField)}
        {field('last_name', t('profile.details.lastName'))}
      </div>
      <TextField
        label={t('profile.details.email')}
        value={me.email}
        readOnly
        hint={t('profile.details.emailHint')}
        autoComplete="email"
      />
      <div className="iv-account-actions">
        <Button type="submit" loading={isLoading}>
          {t('profile.details.save')}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={isLoading}>
          {t('profile.details.cancel')}
        </Button>
      </div>
    </form>
  );
}
