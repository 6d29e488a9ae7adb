/**
 * One question of the card, under the matches: what it is worth, the player's answer (one option, a
 * set number of them, or a number), once locked the options' shares, once answered the answer and what
 * the player earned and why. A long list (a Rumble's 30) is small wrapping chips with a search box.
 */
import { Pressable, Text, TextInput, View } from 'react-native';
import { questionAsk, questionWorth, withNumber, withOption } from '@pickem/client/questions';
import { useQuestionAnswer, type QuestionViewProps } from '@pickem/client/react';
import { fontSize, lineWidth, radius, space } from '@pickem/client/design/tokens';
import { Muted, useTheme } from './ui';

export function QuestionCard({ question: q, draft, onChange, locked, saved }: QuestionViewProps) {
  const { colors, styles } = useTheme();
  const { search, setSearch, compact, shown, picked, full, answer, outcome } = useQuestionAnswer(q, draft, saved);
  return (
    <View testID="question" style={styles.card}>
      <Text style={styles.itemTitle}>
        Q{q.position}. {q.text}
      </Text>
      <Muted testID="question-worth">
        {questionWorth(q)} · {questionAsk(q)}
        {q.kind === 'MULTI' ? ` (${picked.length} of ${q.pickCount} picked)` : ''}
      </Muted>
      {q.kind === 'NUMBER' ? (
        <TextInput
          accessibilityLabel={q.text}
          keyboardType="number-pad"
          editable={!locked}
          value={draft?.number ?? ''}
          onChangeText={(text) => onChange(withNumber(draft, text))}
          style={styles.field}
        />
      ) : (
        <>
          {compact && (
            <TextInput
              accessibilityLabel={`Search the options: ${q.text}`}
              placeholder="Search the options"
              placeholderTextColor={colors.muted}
              value={search}
              onChangeText={setSearch}
              style={styles.field}
            />
          )}
          {compact && picked.length > 0 && (
            <Muted testID="question-picked">
              Your pick{picked.length > 1 ? 's' : ''}: {picked.map((i) => q.options[i]).join(', ')}
            </Muted>
          )}
          <View
            accessibilityRole={q.kind === 'CHOICE' ? 'radiogroup' : undefined}
            accessibilityLabel={q.text}
            style={compact ? { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm } : { gap: space.sm }}
          >
            {shown.map((i) => {
              const checked = picked.includes(i);
              const off = locked || (full && !checked);
              const right = q.answer?.options.includes(i) === true;
              const share = q.optionShares ? ` · ${q.optionShares[i]}%` : '';
              return (
                <Pressable
                  key={i}
                  accessibilityRole={q.kind === 'CHOICE' ? 'radio' : 'checkbox'}
                  accessibilityLabel={q.options[i]}
                  accessibilityState={{ checked, disabled: off }}
                  disabled={off}
                  onPress={() => onChange(withOption(draft, q, i))}
                  style={{
                    borderWidth: right ? lineWidth.thick : lineWidth.thin,
                    borderColor: right ? colors.won : checked ? colors.accent : colors.line,
                    borderRadius: compact ? radius.xl : radius.md,
                    paddingVertical: compact ? space.xs : space.md,
                    paddingHorizontal: space.md,
                    backgroundColor: checked ? colors.highlight : undefined,
                  }}
                >
                  <Text style={[styles.text, off && !checked && styles.muted, compact && { fontSize: fontSize.xs }]}>
                    {compact ? '' : checked ? (q.kind === 'CHOICE' ? '● ' : '☑ ') : q.kind === 'CHOICE' ? '○ ' : '☐ '}
                    {q.options[i]}
                    {share}
                  </Text>
                </Pressable>
              );
            })}
            {shown.length === 0 && <Muted>No option matches “{search}”.</Muted>}
          </View>
        </>
      )}
      {answer && (
        <Text testID="question-answer" style={styles.text}>
          {answer}
        </Text>
      )}
      {outcome && (
        <Text testID="question-outcome" style={{ color: outcome.won ? colors.won : colors.muted }}>
          {outcome.text}
        </Text>
      )}
    </View>
  );
}
