// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (the declarations below carry the C library's own names)
// The C library, for the whole module: this is the one file of FaceDetection that imports it
// (glibc or musl on Linux, libSystem on Apple systems), and the functions below are what the other
// files call. Swift imports are per file, so each function the module uses is declared here with
// the C function's own name and signature and calls that function: the same code runs as with a
// direct import (`exp(Float)`, which the C library's Swift overlay maps to `expf`, is `expf` here).
// The import is internal: a client's `import FaceDetection` does not bring the C library with it,
// and no public declaration can expose one of its types. A file that needs another C function
// adds it here, in each branch. Each is `@_disfavoredOverload`: a test that reaches the module's
// internals with `@testable import` and imports the C library itself then calls the C library's own
// (the same function) instead of finding two. Built and tested on glibc only (docs/platforms.md).

#if canImport(Glibc)
    internal import Glibc

    @_disfavoredOverload @inline(__always) func expf(_ x: Float) -> Float { Glibc.expf(x) }
    @_disfavoredOverload @inline(__always) func logf(_ x: Float) -> Float { Glibc.logf(x) }
    @_disfavoredOverload @inline(__always) func sinf(_ x: Float) -> Float { Glibc.sinf(x) }
    @_disfavoredOverload @inline(__always) func cosf(_ x: Float) -> Float { Glibc.cosf(x) }
    @_disfavoredOverload @inline(__always) func asinf(_ x: Float) -> Float { Glibc.asinf(x) }
    @_disfavoredOverload @inline(__always) func atan2f(_ y: Float, _ x: Float) -> Float { Glibc.atan2f(y, x) }
    @_disfavoredOverload @inline(__always) func exp(_ x: Double) -> Double { Glibc.exp(x) }
    @_disfavoredOverload @inline(__always) func log(_ x: Double) -> Double { Glibc.log(x) }
    @_disfavoredOverload @inline(__always) func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
    @_disfavoredOverload @inline(__always) func posix_memalign(
        _ pointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ alignment: Int, _ size: Int
    ) -> Int32 { Glibc.posix_memalign(pointer, alignment, size) }
    @_disfavoredOverload @inline(__always) func free(_ pointer: UnsafeMutableRawPointer?) { Glibc.free(pointer) }
#elseif canImport(Musl)
    internal import Musl

    @_disfavoredOverload @inline(__always) func expf(_ x: Float) -> Float { Musl.expf(x) }
    @_disfavoredOverload @inline(__always) func logf(_ x: Float) -> Float { Musl.logf(x) }
    @_disfavoredOverload @inline(__always) func sinf(_ x: Float) -> Float { Musl.sinf(x) }
    @_disfavoredOverload @inline(__always) func cosf(_ x: Float) -> Float { Musl.cosf(x) }
    @_disfavoredOverload @inline(__always) func asinf(_ x: Float) -> Float { Musl.asinf(x) }
    @_disfavoredOverload @inline(__always) func atan2f(_ y: Float, _ x: Float) -> Float { Musl.atan2f(y, x) }
    @_disfavoredOverload @inline(__always) func exp(_ x: Double) -> Double { Musl.exp(x) }
    @_disfavoredOverload @inline(__always) func log(_ x: Double) -> Double { Musl.log(x) }
    @_disfavoredOverload @inline(__always) func atan2(_ y: Double, _ x: Double) -> Double { Musl.atan2(y, x) }
    @_disfavoredOverload @inline(__always) func posix_memalign(
        _ pointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ alignment: Int, _ size: Int
    ) -> Int32 { Musl.posix_memalign(pointer, alignment, size) }
    @_disfavoredOverload @inline(__always) func free(_ pointer: UnsafeMutableRawPointer?) { Musl.free(pointer) }
#elseif canImport(Darwin)
    internal import Darwin

    @_disfavoredOverload @inline(__always) func expf(_ x: Float) -> Float { Darwin.expf(x) }
    @_disfavoredOverload @inline(__always) func logf(_ x: Float) -> Float { Darwin.logf(x) }
    @_disfavoredOverload @inline(__always) func sinf(_ x: Float) -> Float { Darwin.sinf(x) }
    @_disfavoredOverload @inline(__always) func cosf(_ x: Float) -> Float { Darwin.cosf(x) }
    @_disfavoredOverload @inline(__always) func asinf(_ x: Float) -> Float { Darwin.asinf(x) }
    @_disfavoredOverload @inline(__always) func atan2f(_ y: Float, _ x: Float) -> Float { Darwin.atan2f(y, x) }
    @_disfavoredOverload @inline(__always) func exp(_ x: Double) -> Double { Darwin.exp(x) }
    @_disfavoredOverload @inline(__always) func log(_ x: Double) -> Double { Darwin.log(x) }
    @_disfavoredOverload @inline(__always) func atan2(_ y: Double, _ x: Double) -> Double { Darwin.atan2(y, x) }
    @_disfavoredOverload @inline(__always) func posix_memalign(
        _ pointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ alignment: Int, _ size: Int
    ) -> Int32 { Darwin.posix_memalign(pointer, alignment, size) }
    @_disfavoredOverload @inline(__always) func free(_ pointer: UnsafeMutableRawPointer?) { Darwin.free(pointer) }
#endif

/// `exp(Float)` as the C library's Swift overlay defines it: `expf`.
@_disfavoredOverload @inline(__always) func exp(_ x: Float) -> Float { expf(x) }
/// `sin(Float)` as the overlay defines it: `sinf`.
@_disfavoredOverload @inline(__always) func sin(_ x: Float) -> Float { sinf(x) }
/// `cos(Float)` as the overlay defines it: `cosf`.
@_disfavoredOverload @inline(__always) func cos(_ x: Float) -> Float { cosf(x) }
