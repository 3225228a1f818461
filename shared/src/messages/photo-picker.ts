// Files the photo picker refused before any upload (chosen): the file and the reason in a person's words,
// never the MIME types. Apart from UPLOAD_MESSAGES, which the app shell loads on every page.
export const PHOTO_PICKER_MESSAGES = {
  filesNotAdded: 'Some files were not added',
  fileNotAPhoto: (fileName: string) =>
    `${fileName} is not a photo we can use. Choose a JPEG, PNG, WebP, GIF or AVIF image.`,
  fileTooLarge: (fileName: string, maxMb: number) => `${fileName} is larger than ${maxMb} MB. Choose a smaller photo.`,
  fileNotAdded: (fileName: string) => `${fileName} could not be added. Choose another photo.`,
} as const;
