import type { AuthUser } from '@app/contracts';
import type { UserEntity } from './user.entity';

export function toAuthUser(user: Pick<UserEntity, 'id' | 'username'>): AuthUser {
  return { id: user.id, username: user.username };
}
