import './onboarding.css';
import { selectSessionUser, useAppSelector } from '@innerview/api-client';
import { Button, RetryAlert, Spinner } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { QuestionnaireAnswers, SubmittedLine } from './questionnaire-answers.tsx';
import { useQuestionnaireRecord } from './use-questionnaire-record.ts';

/**
 * The clean printable page of the questionnaire viewer: no app frame, black on white when printed,
 * the toolbar hidden on paper, a step never split across pages where it fits on one.
 */
export function QuestionnairePrintPage() {
  const { t } = useTranslation(['onboarding', 'common']);
  const user = useAppSelector(selectSessionUser);
  const view = useQuestionnaireRecord();
  useDocumentTitle(t('onboarding:print.title'));
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ');

  return (
    <main id="main" className="iv-onb-print" data-testid="questionnaire-print" data-state={view.state}>
      <div className="iv-onb-print__toolbar">
        <Button asChild variant="ghost">
          <Link to={PATHS.profile}>{t('onboarding:print.backToProfile')}</Link>
        </Button>
        <Button variant="primary" onClick={() => window.print()} disabled={view.state !== 'ready'}>
          {t('onboarding:print.print')}
        </Button>
      </div>
      <header className="iv-onb-print__header">
        <p className="iv-onb-print__brand">{t('common:appName')}</p>
        <h1 className="iv-onb-print__title">{t('onboarding:print.title')}</h1>
        {name && <p className="iv-onb-print__name">{name}</p>}
        {(view.state === 'ready' || view.state === 'noData') && <SubmittedLine record={view.record} />}
      </header>
      {view.state === 'loading' && <Spinner size="lg" label={t('onboarding:viewer.loading')} />}
      {view.state === 'failed' && (
        <RetryAlert
          title={t('onboarding:viewer.loadFailed')}
          body={t('onboarding:viewer.loadFailedBody')}
          retryLabel={t('onboarding:viewer.retry')}
          onRetry={view.retry}
        />
      )}
      {view.state === 'noData' && <p>{t('onboarding:viewer.noData')}</p>}
      {view.state === 'noQuestions' && <p>{t('onboarding:viewer.noQuestions')}</p>}
      {view.state === 'ready' && <QuestionnaireAnswers steps={view.steps} headingLevel={2} />}
    </main>
  );
}
