import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RegistrationThrottle1795611914005 implements MigrationInterface {
  name = 'RegistrationThrottle1795611914005';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`registration_attempts\` (\`id\` int NOT NULL AUTO_INCREMENT, \`ipHash\` varchar(64) NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_d840686ad6cd7a2b9392593550\` (\`ipHash\`, \`createdAt\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_d840686ad6cd7a2b9392593550\` ON \`registration_attempts\``);
    await queryRunner.query(`DROP TABLE \`registration_attempts\``);
  }
}
