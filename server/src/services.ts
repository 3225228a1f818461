import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { Mailer } from './lib/mailer';
import { AccountsService } from './modules/accounts/accounts.service';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { SettingsService } from './modules/settings/settings.service';

/** The domain services of one running app. Built once at start; procedures reach them through the context. */
export interface Services {
  ds: DataSource;
  mailer: Mailer;
  accounts: AccountsService;
  settings: SettingsService;
  newsletter: NewsletterService;
}

export function createServices(ds: DataSource, config: Config, mailer: Mailer): Services {
  return {
    ds,
    mailer,
    accounts: new AccountsService({ ds, mailer, publicUrl: config.publicUrl, siteName: config.siteName }),
    settings: new SettingsService(ds),
    newsletter: new NewsletterService(ds),
  };
}
