import type { ProfileUpdateInput } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import type { ImageQueue } from '../../lib/image-queue';
import type { Storage } from '../../lib/storage';
import { UserEntity } from '../accounts/user.entity';
import { removeKeys, storeAvatar } from '../images/process-image';

const OWN_AVATAR = /^\/api\/file\/(avatars\/.+)$/;

/** My Profile: display name, biography and picture. (Passwords are the accounts service's.) */
export class ProfileService {
  constructor(private readonly deps: { ds: DataSource; storage: Storage; imageQueue: ImageQueue }) {}

  private get users() {
    return this.deps.ds.getRepository(UserEntity);
  }

  async update(userId: number, input: ProfileUpdateInput): Promise<UserEntity> {
    const changes: Partial<UserEntity> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.bio !== undefined) changes.bio = input.bio;
    await this.users.update({ id: userId }, changes);
    return this.users.findOneByOrFail({ id: userId });
  }

  /** Stores the picture in `file` as the user's avatar; the previous one stored here is removed afterwards. */
  async setPicture(userId: number, file: string): Promise<UserEntity> {
    const stored = await storeAvatar(this.deps, file, userId);
    let previous: string | null;
    try {
      const user = await this.users.findOneByOrFail({ id: userId });
      previous = user.profilePicture;
      await this.users.update({ id: userId }, { profilePicture: stored.url });
    } catch (error) {
      await removeKeys(this.deps.storage, stored.keys);
      throw error;
    }
    const oldKey = previous?.match(OWN_AVATAR)?.[1];
    if (oldKey) await removeKeys(this.deps.storage, [oldKey]);
    return this.users.findOneByOrFail({ id: userId });
  }
}
