import type { User } from '@curbside/shared';
import type { UserEntity } from './user.entity';

/** The only shape in which a user leaves the server: no hash, no session generation. */
export function toUserDto(user: UserEntity): User {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
    bio: user.bio,
    profilePicture: user.profilePicture,
    createdAt: user.createdAt.toISOString(),
  };
}
