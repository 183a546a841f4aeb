// The assignee picker: the crew (on duty first, then by open load) in a plain select that works on a phone too,
// with the suggestion spelled out — the on-duty member with the fewest open orders — and chosen until the
// dispatcher picks someone else.
import { Callout, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import type { CrewMember } from '@waterops/shared/workorder';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRED_CLASS } from '../../components/FormField.tsx';
import { usePermission } from '../../components/Permission.tsx';
import { crewInOrder, crewName, suggestAssignee } from './crewSuggestion.ts';
import { CREW_READERS, useCrewQuery } from './workOrderApi.ts';

export type AssigneePickerProps = {
  /** the chosen crew member's user id, or null */
  value: number | null;
  /** called with the chosen member (null: none) */
  onChange: (member: CrewMember | null) => void;
  /** the team the order belongs to (preferred on equal load) */
  departmentId?: number | null;
  /** the rule message to show, already translated */
  error?: string | null;
};

export function AssigneePicker({ value, onChange, departmentId = null, error }: AssigneePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const can = usePermission();
  const { data: crew = [], isFetching } = useCrewQuery(undefined, { skip: !can(CREW_READERS) });
  const suggestion = suggestAssignee(crew, departmentId);
  const suggestedId = suggestion?.member.userId ?? null;
  // the suggestion is chosen until the dispatcher picks someone else (or clears the choice)
  const touched = useRef(false);
  const suggested = suggestion?.member;
  useEffect(() => {
    if (!touched.current && value === null && suggested) onChange(suggested);
  }, [value, suggested, onChange]);

  const optionText = (m: CrewMember) =>
    [
      crewName(m),
      m.departmentName ?? t('workOrderPage.crew.noTeam'),
      m.onDuty ? t('workOrderPage.crew.onDuty') : t('workOrderPage.crew.offDuty'),
      t('workOrderPage.crew.load', { count: m.openLoad }),
      m.userId === suggestedId ? `★ ${t('workOrderPage.crew.suggested')}` : '',
    ]
      .filter(Boolean)
      .join(' · ');
  const ordered = crewInOrder(crew);
  return (
    <FormGroup
      className={REQUIRED_CLASS}
      label={t('workOrder.field.assigneeId')}
      labelFor={id}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error ?? undefined}
    >
      <HTMLSelect
        id={id}
        fill
        large
        required
        value={value ?? ''}
        disabled={isFetching && crew.length === 0}
        onChange={(e) => {
          touched.current = true;
          onChange(crew.find((m) => m.userId === Number(e.target.value)) ?? null);
        }}
        options={[
          { value: '', label: crew.length === 0 ? t('workOrderPage.crew.none') : t('workOrderPage.crew.choose') },
          ...ordered.map((m) => ({ value: m.userId, label: optionText(m) })),
        ]}
      />
      {suggestion && (
        <Callout
          compact
          intent={suggestion.onDuty ? Intent.PRIMARY : Intent.WARNING}
          icon="lightbulb"
          className="wo-wo-suggestion"
        >
          {suggestion.onDuty
            ? t('workOrderPage.crew.suggestion', {
                name: crewName(suggestion.member),
                count: suggestion.member.openLoad,
              })
            : t('workOrderPage.crew.suggestionNoDuty', {
                name: crewName(suggestion.member),
                count: suggestion.member.openLoad,
              })}
        </Callout>
      )}
    </FormGroup>
  );
}
