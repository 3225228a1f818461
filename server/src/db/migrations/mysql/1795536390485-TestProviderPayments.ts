import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TestProviderPayments1795536390485 implements MigrationInterface {
  name = 'TestProviderPayments1795536390485';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`test_provider_payments\` (\`id\` varchar(64) NOT NULL, \`status\` varchar(20) NOT NULL, \`amount\` int NOT NULL, \`currency\` varchar(3) NOT NULL, \`metadata\` text NOT NULL, \`createdAt\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`test_provider_payments\``);
  }
}
