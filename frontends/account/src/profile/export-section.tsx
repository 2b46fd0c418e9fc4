import { Button, useToast } from '@innerview/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport, saveFile } from '../account-api.ts';
import { AccountSection } from '../account-section.tsx';

/** "Download my data": everything, from every service, as one JSON file (ADR 17). */
export function ExportSection() {
  const { t } = useTranslation('account');
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadExport();
      saveFile(file.blob, file.fileName);
      if (file.unavailable.length === 0) toast({ title: t('profile.export.done'), variant: 'success' });
      else
        toast({
          title: t('profile.export.done'),
          description: t('profile.export.partial', {
            parts: file.unavailable.map((part) => t(`profile.export.parts.${part}`)).join(', '),
          }),
          durationMs: 10_000,
        });
    } catch {
      toast({ title: t('profile.export.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountSection heading={t('profile.export.heading')} description={t('profile.export.text')}>
      <div className="iv-account-actions">
        <Button variant="secondary" loading={busy} onClick={() => void download()}>
          {t('profile.export.download')}
        </Button>
      </div>
    </AccountSection>
  );
}
