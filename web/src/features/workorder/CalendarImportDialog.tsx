// Importing a year's holidays and make-up days: text pasted or a .csv / .txt file, previewed with the shared reader
// (parseCalendarText: the days, and each line it could not read), then saved as the year's calendar — replacing it
// or merged into it. Nothing is saved while a line is wrong or a day falls outside the year.
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { type CalendarDay, parseCalendarText } from '@waterops/shared/workorder';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type CalendarImportDialogProps = {
  year: number;
  /** the year's days now (a merge keeps those the import does not name) */
  current: readonly CalendarDay[];
  /** saving the year's new days; resolves true when saved */
  onSubmit: (days: CalendarDay[]) => Promise<boolean>;
  onClose: () => void;
};

const MAX_FILE_BYTES = 1024 * 1024;

export function CalendarImportDialog({ year, current, onSubmit, onClose }: CalendarImportDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<'replace' | 'merge'>(current.length ? 'merge' : 'replace');
  const [busy, setBusy] = useState(false);
  const parsed = useMemo(() => parseCalendarText(text), [text]);
  const outside = parsed.days.filter((d) => d.day.slice(0, 4) !== String(year));
  const holidays = parsed.days.filter((d) => d.kind === 'holiday').length;
  const ready = parsed.days.length > 0 && parsed.errors.length === 0 && outside.length === 0;

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_FILE_BYTES) {
      setFileProblem(t('workCalendarPage.fileTooLarge'));
      return;
    }
    try {
      setText((await file.text()).replace(/^\uFEFF/, ''));
      setFileProblem(null);
    } catch {
      setFileProblem(t('workCalendarPage.fileUnreadable'));
    }
  };
  const handleSubmit = async () => {
    const imported = new Map(parsed.days.map((d) => [d.day, d]));
    const kept = mode === 'merge' ? current.filter((d) => !imported.has(d.day)) : [];
    setBusy(true);
    try {
      if (await onSubmit([...kept, ...parsed.days].sort((a, b) => a.day.localeCompare(b.day)))) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('workCalendarPage.importTitle', { year })}
      icon="import"
      canOutsideClickClose={false}
      style={{ width: 640, maxWidth: '96vw' }}
    >
      <DialogBody>
        <p>{t('workCalendarPage.importHint')}</p>
        <pre className="wo-cal-example">{t('workCalendarPage.importExample')}</pre>
        <FormGroup
          helperText={fileProblem ?? undefined}
          intent={fileProblem ? Intent.DANGER : Intent.NONE}
          label={t('workCalendarPage.chooseFile')}
          labelFor="wo-cal-import-file"
        >
          <FileInput
            fill
            text={fileName || t('workCalendarPage.chooseFile')}
            buttonText="…"
            inputProps={{ id: 'wo-cal-import-file', accept: '.csv,.txt,text/csv,text/plain' }}
            onInputChange={(e) => void handleFile((e.target as HTMLInputElement).files?.[0])}
          />
        </FormGroup>
        <FormGroup label={t('workCalendarPage.importText')} labelFor="wo-cal-import-text">
          <TextArea
            id="wo-cal-import-text"
            fill
            rows={8}
            className="wo-cal-import-text"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        </FormGroup>
        <RadioGroup
          inline
          selectedValue={mode}
          onChange={(e) => setMode(e.currentTarget.value === 'merge' ? 'merge' : 'replace')}
        >
          <Radio value="replace" label={t('workCalendarPage.modeReplace')} />
          <Radio value="merge" label={t('workCalendarPage.modeMerge')} />
        </RadioGroup>
        <section aria-label={t('workCalendarPage.preview')} className="wo-cal-preview">
          <h4>{t('workCalendarPage.preview')}</h4>
          {parsed.days.length === 0 && parsed.errors.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>{t('workCalendarPage.nothingToImport')}</p>
          ) : (
            <p>{t('workCalendarPage.counts', { holidays, workdays: parsed.days.length - holidays })}</p>
          )}
          {parsed.errors.length > 0 && (
            <Callout compact intent={Intent.DANGER} icon="error">
              <ul className="wo-cal-errors">
                {parsed.errors.map((e) => (
                  <li key={e.line}>{t('workCalendarPage.lineError', { line: e.line, message: t(e.message) })}</li>
                ))}
              </ul>
            </Callout>
          )}
          {outside.length > 0 && (
            <Callout compact intent={Intent.DANGER} icon="error">
              {t('workCalendarPage.outsideYear', {
                year,
                days: outside
                  .slice(0, 5)
                  .map((d) => d.day)
                  .join(', ')
                  .concat(outside.length > 5 ? ' …' : ''),
              })}
            </Callout>
          )}
        </section>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="floppy-disk"
              text={t('workCalendarPage.importSubmit')}
              disabled={!ready}
              loading={busy}
              onClick={() => void handleSubmit()}
            />
          </>
        }
      />
    </Dialog>
  );
}
