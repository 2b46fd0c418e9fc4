import './onboarding.css';
import { Button, Dialog, DialogClose, RetryAlert, Spinner } from '@innerview/ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTIONNAIRE_PRINT_PATH } from './onboarding-paths.ts';
import { QuestionnaireAnswers, SubmittedLine } from './questionnaire-answers.tsx';
import { useQuestionnaireRecord } from './use-questionnaire-record.ts';

export type QuestionnaireViewerProps = {
  /** Controlled use; leave both out and pass `trigger` to let the viewer open itself. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens it (e.g. a Button); focus returns to it on close. */
  trigger?: ReactNode;
};

/**
 * The questionnaire viewer of the profile (docs/product.md#profile, docs/product.md#error-messages): the answers read-only with the submitted
 * date, a print action that opens the clean print view, and the states 'Failed to load
 * questionnaire data' (with retry), no data and no questions.
 *
 * It lives in the shell, which owns the questionnaire's texts (namespace `onboarding`) and calls;
 * the account remote can render it once the shell exposes it (see the onboarding README note).
 */
export function QuestionnaireViewer({ open, onOpenChange, trigger }: QuestionnaireViewerProps) {
  const { t } = useTranslation('onboarding');
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Dialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={trigger}
      title={t('viewer.title')}
      closeLabel={t('viewer.close')}
      size="lg"
      className="iv-onb-viewer"
    >
      {/* Mounted only while open: nothing is fetched for a closed viewer. */}
      <ViewerBody />
    </Dialog>
  );
}

function ViewerBody() {
  const { t } = useTranslation('onboarding');
  const view = useQuestionnaireRecord();
  const close = (
    <DialogClose>
      <Button variant="secondary">{t('viewer.close')}</Button>
    </DialogClose>
  );

  if (view.state === 'loading') {
    return (
      <div className="iv-onb-viewer__state">
        <Spinner size="lg" label={t('viewer.loading')} />
      </div>
    );
  }
  if (view.state === 'failed') {
    return (
      <>
        <RetryAlert
          title={t('viewer.loadFailed')}
          body={t('viewer.loadFailedBody')}
          retryLabel={t('viewer.retry')}
          onRetry={view.retry}
        />
        <div className="iv-dialog__footer">{close}</div>
      </>
    );
  }
  if (view.state === 'noQuestions' || view.state === 'noData') {
    return (
      <>
        {view.state === 'noData' && <SubmittedLine record={view.record} />}
        <p className="iv-onb-viewer__empty" data-testid={`questionnaire-viewer-${view.state}`}>
          {view.state === 'noQuestions' ? t('viewer.noQuestions') : t('viewer.noData')}
        </p>
        <div className="iv-dialog__footer">{close}</div>
      </>
    );
  }
  return (
    <>
      <SubmittedLine record={view.record} />
      <QuestionnaireAnswers steps={view.steps} headingLevel={3} />
      <div className="iv-dialog__footer">
        {close}
        <Button
          variant="primary"
          // A page of its own prints clean (no dialog, no app frame); the viewer stays open here.
          onClick={() => window.open(QUESTIONNAIRE_PRINT_PATH, '_blank', 'noopener')}
        >
          {t('viewer.print')}
        </Button>
      </div>
    </>
  );
}
