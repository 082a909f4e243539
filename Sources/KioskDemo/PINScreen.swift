import KioskViews

/// A service PIN entry, as an EV charger or a locker asks for one: a secure field on the
/// numeric keypad (a tap on the field brings it up); Done checks the PIN (4711 in the demo)
/// and says whether it unlocked.
struct PINScreen: View {
    @State private var pin = ""
    @State private var unlocked: Bool?

    var body: some View {
        VStack(spacing: 20) {
            Text("Service PIN").font(.largeTitle).bold()
            SecureField("PIN", text: $pin)
                .keyboardType(.numberPad)
                .textContentType(.oneTimeCode)
                .submitLabel(.done)
                .textFieldStyle(.roundedBorder)
                .font(.title)
                .frame(width: 260)
                .onSubmit {
                    unlocked = pin == "4711"
                    pin = ""
                }
            if let unlocked {
                Text(unlocked ? "Unlocked" : "Wrong PIN, try again").foregroundColor(unlocked ? .green : .red)
            }
            Spacer()
        }
        .padding(40)
    }
}
