import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddEmailVerification1795805207670 implements MigrationInterface {
  name = 'AddEmailVerification1795805207670';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`email_verification_tokens\` (\`id\` int NOT NULL AUTO_INCREMENT, \`tokenHash\` varchar(64) NOT NULL, \`userId\` int NOT NULL, \`expiresAt\` datetime(3) NOT NULL, \`usedAt\` datetime(3) NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`email\` varchar(254) NOT NULL, UNIQUE INDEX \`IDX_90489f8f3368c45f461e90efbe\` (\`tokenHash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`emailVerifiedAt\` datetime(3) NULL`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`pendingEmail\` varchar(254) NULL`);
    await queryRunner.query(`ALTER TABLE \`email_verification_tokens\` ADD CONSTRAINT \`FK_10f285d038feb767bf7c2da14b3\` FOREIGN KEY (\`userId\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    // Accounts made before verification existed count as verified (docs/decisions.md).
    await queryRunner.query(`UPDATE \`users\` SET \`emailVerifiedAt\` = \`createdAt\``);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`email_verification_tokens\` DROP FOREIGN KEY \`FK_10f285d038feb767bf7c2da14b3\``);
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`pendingEmail\``);
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`emailVerifiedAt\``);
    await queryRunner.query(`DROP INDEX \`IDX_90489f8f3368c45f461e90efbe\` ON \`email_verification_tokens\``);
    await queryRunner.query(`DROP TABLE \`email_verification_tokens\``);
  }
}
