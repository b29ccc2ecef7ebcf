import { createTheme } from '@mui/material/styles'

export const theme = createTheme({
  palette: {
    primary: { main: '#00796b', light: '#48a999', dark: '#004c40', contrastText: '#ffffff' },
    secondary: { main: '#c62828', light: '#ff5f52', dark: '#8e0000', contrastText: '#ffffff' },
    // MUI's default warning orange has too little contrast with white (3:1) for text, outlined buttons and chips.
    warning: { main: '#b45309', light: '#ff9800', dark: '#92400e', contrastText: '#ffffff' },
    background: { default: '#f5f7f7' },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  spacing: 8,
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 500 },
    h2: { fontSize: '1.5rem', fontWeight: 500 },
    h3: { fontSize: '1.25rem', fontWeight: 500 },
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    // MUI's unselected toggle text (action.active, 54 % black) is 4.6:1 on white and under 4.5:1 on a hovered or
    // grey background: the secondary text colour keeps it readable on both.
    MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
  },
})
