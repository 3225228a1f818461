export const SITE_MODE_MESSAGES = {
  maintenanceHeading: 'Under Maintenance',
  maintenanceNote: "We're working hard to improve the site experience. Please check back later.",
  comingSoonHeading: 'Coming Soon',
  adminDashboardLink: 'Admin Dashboard',
  previewSiteLink: 'Preview Site',
  maintenanceBanner: 'Maintenance Mode',
  comingSoonBanner: 'Coming Soon Mode',
  adminPreviewSuffix: ' - Admin Preview',
  /** Ours: the preview banner's button that ends preview mode. */
  leavePreview: 'Leave Preview',
} as const;
