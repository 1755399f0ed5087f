/// Which way one step of scrolling went.
///
/// The convention is libinput's (`doc/user/wheel-api.rst`, `src/evdev-fallback.c`): the content
/// offset grows downward and rightward, so a larger `y` is ``down`` and a larger `x` is ``right``.
/// For a wheel, kernel `REL_WHEEL` +1 (turned away from the user) is ``up`` and `REL_HWHEEL` +1 is
/// ``right``. For finger scrolling with the default (non-natural) mapping, fingers moving toward
/// the user are ``down``.
public enum Direction: String, Sendable, Hashable, CaseIterable {
  case up = "Up"
  case down = "Down"
  case left = "Left"
  case right = "Right"
  /// The axis did not move in this step.
  case none = "None"

  /// Position in ``allCases`` (Up, Down, Left, Right, None), for deterministic sorting.
  var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
