// PAY by square (the Slovak Banking Association's QR standard for payment orders; the
// `bysquare` package) on every invoice that asks for a bank payment, i.e. has an amount
// due. It carries the same IBAN, BIC, variable symbol, amount and due date as the
// e-invoice's PaymentMeans (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices: PAY by square). An invoice
// paid online before it was issued (amount due 0, every invoice today) asks for nothing
// and has none.
import { CurrencyCode, decode, encode, PaymentOptions } from "bysquare/pay";
import QRCode from "qrcode";

export type BankPaymentRequest = {
  amountCents: number;
  currency: string;
  iban: string;
  bic?: string;
  variableSymbol: string;
  /** YYYY-MM-DD */
  dueDate: string;
  beneficiaryName: string;
  note: string;
};

/** The PAY by square string of a payment order. */
export function payBySquare(request: BankPaymentRequest): string {
  if (request.currency !== "EUR") throw new RangeError(`PAY by square here is for EUR payments, got ${request.currency}`);
  return encode({
    payments: [
      {
        type: PaymentOptions.PaymentOrder,
        amount: request.amountCents / 100,
        currencyCode: CurrencyCode.EUR,
        variableSymbol: request.variableSymbol,
        paymentDueDate: request.dueDate.replace(/-/g, ""),
        paymentNote: request.note.slice(0, 140),
        beneficiary: { name: request.beneficiaryName.slice(0, 70) },
        bankAccounts: [{ iban: request.iban.replace(/\s+/g, "").toUpperCase(), ...(request.bic ? { bic: request.bic } : {}) }],
      },
    ],
  });
}

/** What a PAY by square string asks for (tests and support read it back). */
export function readPayBySquare(qr: string) {
  const payment = decode(qr).payments[0];
  return {
    amountCents: Math.round((payment.amount ?? 0) * 100),
    variableSymbol: payment.variableSymbol,
    iban: payment.bankAccounts[0]?.iban,
    dueDate: payment.paymentDueDate,
  };
}

/** The QR code of a PAY by square string as a PNG (for the PDF). */
export function payBySquarePng(qr: string): Promise<Buffer> {
  return QRCode.toBuffer(qr, { type: "png", errorCorrectionLevel: "M", margin: 1, width: 240 });
}

/** The QR code of a PAY by square string as SVG markup (the order's status page shows it). */
export function payBySquareSvg(qr: string): Promise<string> {
  return QRCode.toString(qr, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
}
