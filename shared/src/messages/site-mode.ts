export const SITE_MODE_MESSAGES = {
  maintenanceHeading: 'Under Maintenance',
  maintenanceNote: "We're working hard to improve the site experience. Please check back later.",
  comingSoonHeading: 'Coming Soon',
  adminDashboardLink: 'Admin Dashboard',
  previewSiteLink: 'Preview Site',
  maintenanceBanner: 'Maintenance Mode',
  comingSoonBanner: 'Coming Soon Mode',
  adminPreviewSuffix: ' - Admin Preview',
} as const;
