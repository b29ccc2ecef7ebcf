import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { loggedOut, signedIn } from '../../app/session'

/** The search window of the top bar (seed §3, §4): whether it is open, and the word it holds between openings. */
export type SearchWindowState = { open: boolean; word: string }

export const SEARCH_WORD_MAX = 200

const initialState = (): SearchWindowState => ({ open: false, word: '' })

export const searchWindowSlice = createSlice({
  name: 'searchWindow',
  initialState,
  reducers: {
    searchOpened: (state) => {
      state.open = true
    },
    searchClosed: (state) => {
      state.open = false
    },
    searchWordChanged: (state, action: PayloadAction<string>) => {
      state.word = action.payload.slice(0, SEARCH_WORD_MAX)
    },
  },
  // The word belongs to the person who typed it.
  extraReducers: (builder) => {
    builder.addCase(loggedOut, initialState).addCase(signedIn, initialState)
  },
})

export const { searchOpened, searchClosed, searchWordChanged } = searchWindowSlice.actions
