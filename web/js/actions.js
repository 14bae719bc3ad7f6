// The colours of a decision's actions, shared by the postflop view's grid and its report.

// Each action's colour: passive green, fold blue, bets and raises from orange to deep red by
// size, all-in darkest.
export function actionColours(actions) {
  const aggressive = actions.filter((action) => /^(Bet|Raise)/.test(action));
  const ramp = ['#e8a33d', '#e0703a', '#cf4440', '#b02a4a', '#8e2453'];
  return actions.map((action) => {
    if (action === 'Fold') return '#5b8fd9';
    if (action === 'Check' || action === 'Call') return '#4aa56f';
    if (action.startsWith('AllIn')) return '#5a1a3c';
    const index = aggressive.indexOf(action);
    const step = aggressive.length > 1 ? index * (ramp.length - 1) / (aggressive.length - 1) : 0;
    return ramp[Math.round(step)];
  });
}
