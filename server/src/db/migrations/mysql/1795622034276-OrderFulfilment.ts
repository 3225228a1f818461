import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrderFulfilment1795622034276 implements MigrationInterface {
  name = 'OrderFulfilment1795622034276';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`internalNote\` text NULL`);
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`refundedAmount\` int NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE \`orders\` ADD \`refundState\` varchar(20) NULL`);
    await queryRunner.query(`ALTER TABLE \`order_status_changes\` ADD \`trackingNumber\` varchar(100) NULL`);
    // Orders canceled before this migration were refunded in full when their payment says so; else the refund failed.
    await queryRunner.query(
      `UPDATE \`orders\` SET \`refundState\` = 'refunded', \`refundedAmount\` = \`total\` WHERE \`status\` = 'canceled' AND \`paymentId\` IN (SELECT \`providerPaymentId\` FROM \`payments\` WHERE \`status\` = 'refunded')`,
    );
    await queryRunner.query(
      `UPDATE \`orders\` SET \`refundState\` = 'refund_failed' WHERE \`status\` = 'canceled' AND \`refundState\` IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`order_status_changes\` DROP COLUMN \`trackingNumber\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`refundState\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`refundedAmount\``);
    await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`internalNote\``);
  }
}
