// The offline cart page's script (issue 42): the cart as the cart page last saw it in this browser
// (app/features/pwa/cart-copy.ts), never to another signed-in shopper. Text only (textContent).
const list = document.getElementById('cart-copy');
if (list) {
  const empty = list.dataset.empty ?? '';
  const quantityWord = list.dataset.quantity ?? '';
  let lines: Array<{ name: string; variant: string; quantity: number; price: number }> = [];
  try {
    const user = JSON.parse(localStorage.getItem('kesarchakki.user') ?? 'null') as { mobile?: string } | null;
    const copy = JSON.parse(localStorage.getItem('kesarchakki.cartCopy') ?? 'null') as {
      owner: string;
      lines: typeof lines;
    } | null;
    // Another shopper signed in on this phone never sees it.
    if (copy && (!user?.mobile || user.mobile.slice(-4) === copy.owner)) lines = copy.lines;
  } catch {
    lines = [];
  }
  if (lines.length === 0) {
    const item = document.createElement('li');
    item.textContent = empty;
    list.append(item);
  }
  const rupees = new Intl.NumberFormat(document.documentElement.lang || 'en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 2,
  });
  for (const line of lines) {
    const item = document.createElement('li');
    const what = document.createElement('span');
    what.textContent = `${line.name} (${line.variant}) · ${quantityWord} ${line.quantity}`;
    const price = document.createElement('span');
    price.textContent = rupees.format(line.price * line.quantity);
    item.append(what, price);
    list.append(item);
  }
}
