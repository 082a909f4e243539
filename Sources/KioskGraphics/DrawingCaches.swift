import KioskCore

/// The drawing caches every canvas shares (shape rasters, shadows), as `kiosk ctl stats`
/// reports them.
public enum DrawingCaches {
    public static var usage: [CacheUsage] { [ShapeRaster.cacheUsage, ShadowMask.cacheUsage] }
}
