// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "scrolldir",
  products: [
    .executable(name: "scrolldir", targets: ["scrolldir"]),
    .library(name: "ScrollCore", targets: ["ScrollCore"]),
    .library(name: "ScrollIO", targets: ["ScrollIO"]),
  ],
  targets: [
    .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
    .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
    .target(name: "ScrollCore"),
    .target(name: "ScrollIO", dependencies: ["ScrollCore", "CLibevdev", "CYAML"]),
    .executableTarget(name: "scrolldir", dependencies: ["ScrollCore", "ScrollIO"]),
    .target(name: "TestSupport", dependencies: ["ScrollCore", "ScrollIO"], path: "Tests/TestSupport"),
    .testTarget(name: "ScrollCoreTests", dependencies: ["ScrollCore", "TestSupport"]),
    .testTarget(name: "ScrollIOTests", dependencies: ["ScrollIO", "ScrollCore", "CLibevdev", "TestSupport"]),
    .testTarget(name: "scrolldirTests", dependencies: ["scrolldir", "TestSupport"], exclude: ["Snapshots"]),
  ]
)

for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}
