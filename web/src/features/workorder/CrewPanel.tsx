// The crew beside the queue: each member's team, whether they are on duty today (the duty roster) and their open
// load as a bar, on duty first and least loaded first; the suggested assignee is marked and named in words.
// Clicking a member filters the queue by them.
import { Button, Callout, Card, Classes, HTMLTable, Icon, Intent, Tag } from '@blueprintjs/core';
import type { CrewMember } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/Permission.tsx';
import { crewInOrder, crewName, suggestAssignee } from './crewSuggestion.ts';
import { CREW_READERS, useCrewQuery } from './workOrderApi.ts';

export type CrewPanelProps = {
  /** the member the queue is filtered by (null: none) */
  selected: number | null;
  /** a member was clicked (again: null) */
  onSelect: (userId: number | null) => void;
};

export function CrewPanel({ selected, onSelect }: CrewPanelProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const { data: crew = [], isFetching, isError, refetch } = useCrewQuery(undefined, { skip: !can(CREW_READERS) });
  const suggestion = suggestAssignee(crew);
  const maxLoad = Math.max(1, ...crew.map((m) => m.openLoad));
  const onDuty = crew.filter((m) => m.onDuty).length;
  return (
    <Card className="wo-wo-crew" compact>
      <div className="wo-wo-panel-head">
        <h2>{t('workOrderPage.crew.title')}</h2>
        <span className={Classes.TEXT_MUTED}>{t('workOrderPage.crew.summary', { onDuty, total: crew.length })}</span>
        <Button
          variant="minimal"
          size="small"
          icon="refresh"
          loading={isFetching}
          aria-label={t('workOrderPage.refresh')}
          onClick={() => void refetch()}
        />
      </div>
      {suggestion && (
        <Callout compact icon="lightbulb" intent={suggestion.onDuty ? Intent.PRIMARY : Intent.WARNING}>
          {t(suggestion.onDuty ? 'workOrderPage.crew.suggestion' : 'workOrderPage.crew.suggestionNoDuty', {
            name: crewName(suggestion.member),
            count: suggestion.member.openLoad,
          })}
        </Callout>
      )}
      {crew.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{isError ? t('common.empty') : t('workOrderPage.crew.none')}</p>
      ) : (
        <div className="wo-wo-crew-list">
          <HTMLTable compact interactive aria-label={t('workOrderPage.crew.title')}>
            <thead>
              <tr>
                <th>{t('workOrderPage.crew.member')}</th>
                <th>{t('workOrder.field.departmentName')}</th>
                <th>{t('workOrderPage.crew.duty')}</th>
                <th>{t('workOrderPage.crew.openLoad')}</th>
              </tr>
            </thead>
            <tbody>
              {crewInOrder(crew).map((m: CrewMember) => (
                <tr
                  key={m.userId}
                  className={m.userId === selected ? 'wo-wo-crew-selected' : undefined}
                  aria-selected={m.userId === selected}
                  onClick={() => onSelect(m.userId === selected ? null : m.userId)}
                >
                  <td>
                    <button type="button" className="wo-wo-crew-name">
                      {crewName(m)}
                    </button>
                    {m.userId === suggestion?.member.userId && (
                      <Icon
                        icon="star"
                        intent={Intent.WARNING}
                        size={12}
                        title={t('workOrderPage.crew.suggested')}
                        className="wo-wo-crew-star"
                      />
                    )}
                    {m.mobile && <div className={`${Classes.TEXT_MUTED} wo-wo-crew-mobile`}>{m.mobile}</div>}
                  </td>
                  <td>{m.departmentName ?? '—'}</td>
                  <td>
                    <Tag minimal intent={m.onDuty ? Intent.SUCCESS : Intent.NONE}>
                      {t(m.onDuty ? 'workOrderPage.crew.onDuty' : 'workOrderPage.crew.offDuty')}
                    </Tag>
                  </td>
                  <td className="wo-wo-crew-load">
                    <span className="wo-wo-load-bar" aria-hidden="true">
                      <span style={{ width: `${(m.openLoad / maxLoad) * 100}%` }} />
                    </span>
                    <span className="wo-num">{m.openLoad}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </Card>
  );
}
