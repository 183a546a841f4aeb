// The theme drawer (470 px): theme, layout, header, multi-tab; restore default or save (stored locally).
import { Button, Callout, Classes, Drawer, FormGroup, Intent, RadioGroup, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../api/message.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import type { ThemeName, ThemeSettings } from '../app/settings.ts';
import { dialogClosed } from './layoutSlice.ts';
import { themeRestored, themeSaved } from './themeSlice.ts';

const swatches: Record<ThemeName, string[]> = {
  ocean: ['#0b2540', '#0d6ebf', '#e8f2fb'],
  green: ['#0f2e25', '#14925f', '#e6f5ee'],
};

type ChoiceGroupProps<V extends string> = {
  /** group label (also the radio group's accessible name) */
  label: string;
  /** the chosen value */
  value: V;
  /** the choices in order, each with its translated label */
  options: { value: V; label: string }[];
  /** called with the newly chosen value */
  onChange: (value: V) => void;
};

/** One setting as inline radios, laid out like the other groups of the drawer (label above, same spacing). */
function ChoiceGroup<V extends string>({ label, value, options, onChange }: ChoiceGroupProps<V>) {
  return (
    <FormGroup label={label}>
      <RadioGroup
        aria-label={label}
        inline
        selectedValue={value}
        options={options}
        onChange={(e) => onChange(e.currentTarget.value as V)}
      />
    </FormGroup>
  );
}

export function ThemeDrawer() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.layout.dialog === 'theme');
  const saved = useAppSelector((s) => s.theme);
  const mobile = useAppSelector((s) => s.layout.device === 'mobile');
  const [draft, setDraft] = useState<ThemeSettings>(saved);
  useEffect(() => {
    if (open) setDraft(saved);
  }, [open, saved]);

  const set = <K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const handleClose = () => dispatch(dialogClosed());
  const handleSave = () => {
    dispatch(themeSaved(draft));
    showMessage(t('theme.saved'), 'success');
    handleClose();
  };
  const handleRestore = () => {
    dispatch(themeRestored());
    handleClose();
  };

  return (
    <Drawer isOpen={open} onClose={handleClose} size={mobile ? '100%' : 470} title={t('theme.title')} icon="style">
      <div className={`${Classes.DRAWER_BODY} wo-theme-drawer`}>
        <FormGroup label={t('theme.name')}>
          <div className="wo-theme-swatches" role="radiogroup" aria-label={t('theme.name')}>
            {(['ocean', 'green'] as const).map((name) => (
              <label key={name} className={`wo-theme-swatch${draft.name === name ? ' selected' : ''}`}>
                <input
                  type="radio"
                  name="theme-name"
                  value={name}
                  checked={draft.name === name}
                  onChange={() => set('name', name)}
                />
                <span className="wo-swatch-colours" aria-hidden="true">
                  {swatches[name].map((c) => (
                    <span key={c} style={{ background: c }} />
                  ))}
                </span>
                <span>{t(`theme.${name}`)}</span>
              </label>
            ))}
          </div>
        </FormGroup>
        <ChoiceGroup
          label={t('theme.layout')}
          value={draft.layout}
          options={[
            { value: 'vertical', label: t('theme.vertical') },
            { value: 'horizontal', label: t('theme.horizontal') },
          ]}
          onChange={(layout) => set('layout', layout)}
        />
        {mobile && (
          <Callout intent={Intent.PRIMARY} compact className="wo-gap-bottom">
            {t('theme.mobileHint')}
          </Callout>
        )}
        <ChoiceGroup
          label={t('theme.header')}
          value={draft.header}
          options={[
            { value: 'fixed', label: t('theme.fixed') },
            { value: 'noFixed', label: t('theme.noFixed') },
          ]}
          onChange={(header) => set('header', header)}
        />
        <FormGroup label={t('theme.tagsBar')}>
          <Switch
            checked={draft.tagsBar}
            label={draft.tagsBar ? t('theme.on') : t('theme.off')}
            onChange={(e) => set('tagsBar', e.currentTarget.checked)}
          />
        </FormGroup>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <div className="wo-dialog-actions">
          <Button text={t('theme.restore')} onClick={handleRestore} />
          <Button intent={Intent.PRIMARY} text={t('theme.save')} onClick={handleSave} />
        </div>
      </div>
    </Drawer>
  );
}
