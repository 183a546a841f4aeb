// Personal center page: the profile summary with buttons that open the profile and password dialogs, and the
// two-step verification card.
import { Button, Card, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks.ts';
import { activeLocale } from '../../app/i18n.ts';
import { useCompany } from '../../shell/CompanyBrand.tsx';
import { dialogOpened } from '../../shell/layoutSlice.ts';
import { UserAvatar } from '../../shell/UserAvatar.tsx';
import { effectivePermissions, useCurrentUserQuery } from '../auth/authApi.ts';
import { TotpCard } from './TotpCard.tsx';

export function PersonalCenterPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useCurrentUserQuery().data;
  const company = useCompany();
  const permissions = effectivePermissions(user);
  const since = user?.createTime
    ? new Intl.DateTimeFormat(activeLocale(), { dateStyle: 'long' }).format(new Date(user.createTime))
    : '';

  return (
    <div className="wo-page wo-personal">
      <Card className="wo-profile-card" elevation={0}>
        <UserAvatar user={user} size={88} />
        <h1>{user?.nickname || user?.username}</h1>
        <p className={Classes.TEXT_MUTED}>@{user?.username}</p>
        <div className="wo-tag-list">
          {(user?.roles ?? []).map((r) => (
            <Tag key={r.id} intent={Intent.PRIMARY} minimal round>
              {r.name}
            </Tag>
          ))}
        </div>
        <Button
          icon="edit"
          intent={Intent.PRIMARY}
          text={t('profile.editProfile')}
          onClick={() => dispatch(dialogOpened('profile'))}
        />
      </Card>
      <div className="wo-personal-side">
        <Card elevation={0}>
          <h2 className="wo-card-title">{t('profile.summary')}</h2>
          <HTMLTable className="wo-full-width wo-kv">
            <tbody>
              <tr>
                <th scope="row">{t('profile.username')}</th>
                <td>{user?.username}</td>
              </tr>
              <tr>
                <th scope="row">{t('profile.nickname')}</th>
                <td>{user?.nickname}</td>
              </tr>
              <tr>
                <th scope="row">{t('profile.mobile')}</th>
                <td>{user?.mobile || <span className={Classes.TEXT_MUTED}>{t('profile.noMobile')}</span>}</td>
              </tr>
              <tr>
                <th scope="row">{t('profile.company')}</th>
                <td>{company?.name || user?.companyName}</td>
              </tr>
              <tr>
                <th scope="row">{t('profile.roles')}</th>
                <td>{(user?.roles ?? []).map((r) => r.name).join(', ')}</td>
              </tr>
              <tr>
                <th scope="row">{t('profile.permissions')}</th>
                <td>
                  {permissions.includes('admin') ? (
                    t('profile.allPermissions')
                  ) : (
                    <div className="wo-tag-list">
                      {permissions.map((p) => (
                        <Tag key={p} minimal>
                          {p}
                        </Tag>
                      ))}
                    </div>
                  )}
                </td>
              </tr>
              <tr>
                <th scope="row">{t('profile.memberSince')}</th>
                <td>{since}</td>
              </tr>
            </tbody>
          </HTMLTable>
        </Card>
        <Card elevation={0} className="wo-security">
          <h2 className="wo-card-title">{t('profile.security')}</h2>
          <p className={Classes.TEXT_MUTED}>{t('profile.securityText')}</p>
          <Button icon="key" text={t('password.title')} onClick={() => dispatch(dialogOpened('password'))} />
        </Card>
        <TotpCard />
      </div>
    </div>
  );
}
