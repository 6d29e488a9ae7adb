/** The shared components draw with the design tokens of the phone's colour scheme (no stack needed). */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react-native';
import * as ReactNative from 'react-native';
import { palettes } from '@pickem/client/design/tokens';
import { Alert, Button, Muted, Title } from '../src/ui';

describe('useTheme', () => {
  it.each(['light', 'dark'] as const)('draws in the %s theme when the phone is set so', async (scheme) => {
    jest.spyOn(ReactNative, 'useColorScheme').mockReturnValue(scheme);
    await render(
      <>
        <Title>Tonight</Title>
        <Muted>8 PM</Muted>
        <Alert>No such event.</Alert>
        <Button label="Save picks" primary onPress={() => undefined} />
      </>,
    );
    const colors = palettes[scheme];
    expect(screen.getByText('Tonight')).toHaveStyle({ color: colors.text });
    expect(screen.getByText('8 PM')).toHaveStyle({ color: colors.muted });
    expect(screen.getByText('No such event.')).toHaveStyle({ color: colors.danger });
    expect(screen.getByText('Save picks')).toHaveStyle({ color: colors.onAccent });
  });
});
