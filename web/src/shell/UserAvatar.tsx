// The user's avatar image, or their initial on a coloured disc when none is set.
import type { CurrentUser } from '@waterops/shared/user';

export type UserAvatarProps = {
  /** the signed-in user (undefined while loading) */
  user: CurrentUser | null | undefined;
  /** pixel size */
  size: number;
};

export function UserAvatar({ user, size }: UserAvatarProps) {
  const name = user?.nickname || user?.username || '?';
  if (user?.headImgUrl) return <img className="wo-avatar" src={user.headImgUrl} width={size} height={size} alt="" />;
  return (
    <span
      className="wo-avatar wo-avatar-initial"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
      aria-hidden="true"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
