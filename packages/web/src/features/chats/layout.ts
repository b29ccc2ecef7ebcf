/**
 * From this window width the customer's details sit beside the conversation; below it they open in a drawer. It is
 * the narrowest window that still leaves the conversation 480 px beside the side navigation (264), the page's
 * padding (48), the chat list (280), the details (260) and the gaps between them (32).
 */
export const DETAILS_BESIDE = '@media (min-width: 1366px)'

/** The widest columns, where there is room to spare. */
export const WIDE = '@media (min-width: 1536px)'
