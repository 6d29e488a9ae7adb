/** The card's fonts (dejavu-fonts-ttf's files): render.ts loads them, resource.ts ships them. */
export const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'];
