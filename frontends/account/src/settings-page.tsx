import './account.css';
import {
  loggedIn,
  selectSessionUser,
  type ThemePreference,
  useAppDispatch,
  useAppSelector,
} from '@innerview/api-client';
import { changeLanguage, LANGUAGES, type LanguageCode, normalizeLanguage } from '@innerview/i18n';
import { PageHeader, THEMES, type Theme, useTheme, useToast } from '@innerview/ui';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateSettingsMutation } from './account-api.ts';
import { AccountSection } from './account-section.tsx';
import { MemorySection } from './memory/memory-section.tsx';
import { RemindersSection } from './settings/reminders-section.tsx';
import { SubscriptionSettings } from './settings/subscription-settings.tsx';
import { WeeklyReflectionSetting } from './settings/weekly-reflection.tsx';
import { usePageTitle } from './use-page-title.ts';

/** A group of radio buttons drawn as choice cards: a fieldset named by its legend. */
function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: ReactNode; hint?: string; lang?: string }>;
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <fieldset className="iv-account-choices">
      <legend className="iv-visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="iv-account-choice" lang={option.lang}>
          <input
            type="radio"
            name={`${name}-${id}`}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span className="iv-account-choice__label">{option.label}</span>
          {option.hint && <span className="iv-account-choice__hint">{option.hint}</span>}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Exposed as `account/SettingsPage` (docs/product.md#settings): appearance and language, applied at once
 * in the page and saved to the account (`PUT /settings/me`), so the next session start on any
 * device applies them too (docs/product.md#how-things-change-over-time); the coach's memory (docs/product.md#memory); and
 * the subscription details with their actions.
 */
export default function SettingsPage() {
  const { t, i18n } = useTranslation('account');
  usePageTitle(t('settings.title'));
  const { theme, setTheme } = useTheme();
  const { toast } = useToast();
  const dispatch = useAppDispatch();
  const sessionUser = useAppSelector(selectSessionUser);
  const [updateSettings] = useUpdateSettingsMutation();
  // What the page shows is what applies now; the server's copy follows. A new language shows as
  // chosen at once, while its texts are still on their way.
  const [choosing, setChoosing] = useState<LanguageCode | null>(null);
  const language: LanguageCode =
    choosing ?? normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';

  const save = async (change: { language?: LanguageCode; theme?: ThemePreference }) => {
    const result = await updateSettings(change);
    if ('error' in result && result.error) {
      toast({ title: t('settings.failed'), variant: 'destructive' });
      return;
    }
    // The session's user carries the saved choice, like a fresh session check would.
    if (sessionUser) dispatch(loggedIn({ user: { ...sessionUser, ...result.data } }));
    // Translated after the switch: the confirmation reads in the new language.
    toast({ id: 'settings-saved', title: i18n.t('account:settings.saved'), variant: 'success' });
  };

  const chooseTheme = (next: Theme) => {
    setTheme(next);
    void save({ theme: next });
  };

  const chooseLanguage = async (next: LanguageCode) => {
    setChoosing(next);
    try {
      await changeLanguage(next, i18n);
    } finally {
      setChoosing(null);
    }
    await save({ language: next });
  };

  return (
    <div className="iv-account-screen" data-remote="account" data-screen="settings">
      <PageHeader title={t('settings.title')} description={t('settings.intro')} />
      <div className="iv-account-stack">
        <AccountSection heading={t('settings.appearance.heading')} testId="settings-appearance">
          <ChoiceGroup
            legend={t('settings.appearance.heading')}
            name="theme"
            value={theme}
            onChange={chooseTheme}
            options={THEMES.map((value) => ({
              value,
              label: t(`settings.appearance.${value}`),
              hint: value === 'system' ? t('settings.appearance.systemHint') : undefined,
            }))}
          />
        </AccountSection>
        <AccountSection heading={t('settings.language.heading')} testId="settings-language">
          <ChoiceGroup
            legend={t('settings.language.label')}
            name="language"
            value={language}
            onChange={(next) => void chooseLanguage(next)}
            options={LANGUAGES.map((option) => ({
              value: option.code,
              label: option.nativeName,
              lang: option.code,
            }))}
          />
        </AccountSection>
        <WeeklyReflectionSetting />
        <RemindersSection />
        <MemorySection />
        <SubscriptionSettings />
      </div>
    </div>
  );
}
